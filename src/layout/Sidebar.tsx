import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, useMediaQuery, useScrollTrigger, type Theme } from '@mui/material';
import { useLocale, useSidebarState } from 'react-admin';
import { MENU_FOLD_PX } from './menuFold';

const PhoneDrawer = lazy(() => import('./PhoneDrawer'));

/**
 * react-admin's sidebar, drawn as its permanent drawer is (open or narrowed to its icons,
 * LocaleTheme.tsx gives both widths, and lifted with the app bar when it hides), and on phones
 * a drawer over the page (PhoneDrawer.tsx, loaded on the first open), as under 768 px the
 * specification folds the menu away.
 */
export function Sidebar({ children }: { children: ReactNode }) {
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down(MENU_FOLD_PX));
  const [open, setOpen] = useSidebarState();
  const [drawerWanted, setDrawerWanted] = useState(false);
  const collapsed = useScrollTrigger();
  useLocale(); // redrawn in the new language, as react-admin's

  if (phone) {
    if (open && !drawerWanted) setDrawerWanted(true);
    if (!drawerWanted && !open) return null;
    return (
      <Suspense fallback={null}>
        <PhoneDrawer open={open} onClose={() => setOpen(false)}>
          {children}
        </PhoneDrawer>
      </Suspense>
    );
  }
  return (
    <Box
      sx={(theme) => ({
        flex: '0 0 auto',
        height: 'calc(100vh - 3em)',
        marginTop: collapsed ? theme.spacing(-6) : 0,
        transition: theme.transitions.create('margin', {
          easing: collapsed ? theme.transitions.easing.sharp : theme.transitions.easing.easeOut,
          duration: collapsed
            ? theme.transitions.duration.leavingScreen
            : theme.transitions.duration.enteringScreen,
        }),
      })}
    >
      <Box
        sx={(theme) => ({
          position: 'relative',
          height: '100%',
          width: open ? theme.sidebar.width : theme.sidebar.closedWidth,
          transition: theme.transitions.create('width', {
            easing: theme.transitions.easing.sharp,
            duration: theme.transitions.duration.leavingScreen,
          }),
        })}
      >
        <Box
          sx={{
            position: 'fixed',
            height: 'calc(100vh - 3em)',
            overflowX: 'hidden',
            scrollbarWidth: 'none',
            '&::-webkit-scrollbar': { display: 'none' },
          }}
        >
          {children}
        </Box>
      </Box>
    </Box>
  );
}

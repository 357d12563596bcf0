import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
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

  // A window narrowed to a phone's width does not open the menu's drawer over the page (and over
  // an open dialog) because the menu was open beside it; widened again, the menu is as it was.
  const [widthWas, setWidthWas] = useState(phone);
  const [folding, setFolding] = useState(false);
  const openBeside = useRef<boolean | null>(null);
  if (phone !== widthWas) {
    setWidthWas(phone);
    setFolding(phone && open);
  }
  if (folding && !open) setFolding(false);
  useEffect(() => {
    if (phone && folding) {
      openBeside.current = true;
      setOpen(false);
    } else if (!phone && openBeside.current !== null) {
      setOpen(openBeside.current);
      openBeside.current = null;
    }
  }, [phone, folding, setOpen]);

  if (phone) {
    const drawerOpen = open && !folding;
    if (drawerOpen && !drawerWanted) setDrawerWanted(true);
    if (!drawerWanted && !drawerOpen) return null;
    return (
      <Suspense fallback={null}>
        <PhoneDrawer open={drawerOpen} onClose={() => setOpen(false)}>
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

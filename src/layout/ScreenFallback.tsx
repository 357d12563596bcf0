import { Box, Skeleton, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { PageTitle } from './PageTitle';
import { screenTitle } from './screenTitle';

/**
 * What the content area shows while a screen's code loads (issue 33, point 13): the screen's
 * title from the menu (in the top bar and as the page's heading) and the outline of a page
 * (a toolbar and rows), at once, instead of a blank area. A screen waiting for its first data
 * shows it too, so that its heading is there from the start; inside a screen that already shows
 * its title (a project's device list under the project picker), `titled={false}` gives the
 * outline alone. A thin bar runs along the top of the window meanwhile (002 §2: a top progress bar
 * during route changes, gone once the screen shows or fails).
 */
export function ScreenFallback({ titled = true }: { titled?: boolean }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const title = titled ? screenTitle(pathname) : null;
  return (
    <Box
      role="status"
      aria-busy="true"
      aria-label={translate('ra.page.loading')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}
    >
      <Box
        role="progressbar"
        aria-label={translate('ra.page.loading')}
        sx={(theme) => ({
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          height: 3,
          overflow: 'hidden',
          zIndex: theme.zIndex.appBar + 1,
          bgcolor: 'primary.light',
          // Drawn with CSS rather than MUI's LinearProgress, which the first load would carry.
          '@keyframes flota-route-progress': {
            from: { transform: 'translateX(-100%)' },
            to: { transform: 'translateX(250%)' },
          },
          '&::after': {
            content: '""',
            position: 'absolute',
            inset: 0,
            width: '40%',
            bgcolor: 'primary.dark',
            animation: 'flota-route-progress 1.2s ease-in-out infinite',
          },
          '@media (prefers-reduced-motion: reduce)': { '&::after': { animation: 'none' } },
        })}
      />
      {title ? <PageTitle title={title} /> : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Skeleton variant="rounded" width={160} height={36} />
        <Skeleton variant="rounded" width={96} height={36} />
      </Stack>
      <Skeleton variant="rounded" height={48} />
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <Skeleton key={row} variant="text" height={36} />
      ))}
    </Box>
  );
}

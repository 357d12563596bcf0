import { Suspense, type ReactNode } from 'react';
import { Box } from '@mui/material';
import { AppBar } from './AppBar';
import { LocaleTheme } from './LocaleTheme';
import { Menu } from './Menu';
import { NewVersionNotice } from './NewVersionNotice';
import { PageErrorBoundary } from './PageErrorBoundary';
import { ScreenFallback } from './ScreenFallback';
import { SessionEffects } from './SessionEffects';
import { Sidebar } from './Sidebar';
import { SkipToContent } from './SkipToContent';

/**
 * react-admin's layout (its sidebar a drawer on phones, its error boundary around the page),
 * drawn with the console's own app bar, sidebar and menu, and without the preferences
 * inspector this console never opens: react-admin's pieces brought MUI's Menu, Tooltip and
 * Modal onto the home path (issue 17, speed).
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <LocaleTheme>
      <Box
        className="layout"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          zIndex: 1,
          minHeight: '100vh',
          bgcolor: 'background.default',
          position: 'relative',
          minWidth: 'fit-content',
          width: '100%',
        }}
      >
        <SkipToContent />
        <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, mt: { xs: 7, sm: 6 } }}>
          <AppBar />
          <Box component="main" sx={{ display: 'flex', flexGrow: 1 }}>
            <Sidebar>
              <Menu />
            </Sidebar>
            <Box
              id="main-content"
              sx={{
                bgcolor: 'background.default',
                zIndex: 2,
                display: 'flex',
                flexDirection: 'column',
                flexGrow: 1,
                flexBasis: 0,
                px: 1,
              }}
            >
              <PageErrorBoundary>
                <SessionEffects />
                <NewVersionNotice />
                <Suspense fallback={<ScreenFallback />}>{children}</Suspense>
              </PageErrorBoundary>
            </Box>
          </Box>
        </Box>
      </Box>
    </LocaleTheme>
  );
}

import { Box, Typography } from '@mui/material';
import { AppBar as RaAppBar, LoadingIndicator, TitlePortal, useTranslate } from 'react-admin';
import { LanguageMenu } from './LanguageMenu';
import { UserMenu } from './UserMenu';

/** react-admin's indicator, its spinner named (axe: a progressbar needs a name). */
function Loading() {
  const translate = useTranslate();
  // LoadingIndicator hands the props it does not know to its CircularProgress.
  const named = { 'aria-label': translate('ra.page.loading') } as object;
  return <LoadingIndicator {...named} />;
}

const toolbar = (
  <>
    <LanguageMenu />
    <Loading />
  </>
);

/** Product name, page title (hidden on phones), language switch, loading indicator, user menu. */
export function AppBar() {
  const translate = useTranslate();
  return (
    <RaAppBar userMenu={<UserMenu />} toolbar={toolbar}>
      <Typography variant="h6" component="span" sx={{ fontWeight: 600, mr: 2 }}>
        {translate('app.name')}
      </Typography>
      <TitlePortal sx={{ display: { xs: 'none', sm: 'block' } }} />
      <Box sx={{ flex: 1, display: { xs: 'block', sm: 'none' } }} />
    </RaAppBar>
  );
}

import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Title } from '../layout/Title';
import { PATHS } from '../paths';

/** Shown instead of an area the caller's menu does not include (react-admin's accessDenied page too). */
export function NotAuthorised() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 2, maxWidth: 640 }}>
      <Title title="access.not_authorised_title" />
      <Alert
        severity="warning"
        action={
          <Button component={Link} to={PATHS.home} color="inherit" size="small">
            {translate('access.back_home')}
          </Button>
        }
      >
        {/* The page's heading (the top bar shows the title too, as on every screen). */}
        <AlertTitle component="h1">{translate('access.not_authorised_title')}</AlertTitle>
        {translate('session.not_authorised')}
      </Alert>
    </Box>
  );
}

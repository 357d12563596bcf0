import { Box, Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { useLogin, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

/**
 * `/access/error?errmsg=…` (000 §2): why signing in failed, or why the session ended
 * (errmsg may be an i18n key such as 'session.timeout'), with a way to sign in again.
 */
export function AccessError() {
  const translate = useTranslate();
  const login = useLogin();
  const [params] = useSearchParams();
  const errmsg = params.get('errmsg');
  const sessionEnded = errmsg?.startsWith('session.') ?? false;
  const message = errmsg ? translate(errmsg, { _: errmsg }) : translate('access.unknown_error');

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            {translate(sessionEnded ? 'access.session_title' : 'access.error_title')}
          </Typography>
          <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {message}
          </Typography>
        </CardContent>
        <CardActions sx={{ justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<LoginIcon />} onClick={() => void login({})}>
            {translate('access.sign_in_again')}
          </Button>
        </CardActions>
      </Card>
    </Box>
  );
}

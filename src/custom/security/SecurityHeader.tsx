import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What the two kinds of client are for, above the identity clients' list (a slot). */
export function SecurityHeader() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 900 }}>
      {translate('security.intro')}
    </Typography>
  );
}

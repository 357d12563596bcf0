import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What groups are for, and what synchronising and provisioning do (the list's header slot). */
export function GroupsIntro() {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
      {translate('groups.intro')}
    </Typography>
  );
}

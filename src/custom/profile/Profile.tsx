import { Stack } from '@mui/material';
import { Title } from 'react-admin';
import { AccountCard } from './AccountCard';
import { PreferencesCard } from './PreferencesCard';

/** `/app/profile`: who the user is, and their preferences. */
export default function Profile() {
  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 720 }}>
      <Title title="profile.title" />
      <AccountCard />
      <PreferencesCard />
    </Stack>
  );
}

import { Stack } from '@mui/material';
import { PageTitle } from '../../layout/PageTitle';
import { AccountCard } from './AccountCard';
import { PreferencesCard } from './PreferencesCard';

/** `/app/profile`: who the user is, and their preferences. */
export default function Profile() {
  return (
    <>
      <PageTitle title="profile.title" />
      <Stack spacing={2} sx={{ py: 2, maxWidth: 720 }}>
        <AccountCard />
        <PreferencesCard />
      </Stack>
    </>
  );
}

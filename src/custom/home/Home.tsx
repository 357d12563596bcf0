import { Stack } from '@mui/material';
import { Title } from 'react-admin';
import { NotificationsCard } from './NotificationsCard';
import { WelcomeCard } from './WelcomeCard';

/** `/app/home`: a welcome card and the user's notifications. */
export function Home() {
  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 960 }}>
      <Title title="home.title" />
      <WelcomeCard />
      <NotificationsCard />
    </Stack>
  );
}

import { Stack } from '@mui/material';
import { Title } from '../../layout/Title';
import { FleetSection } from './FleetSection';
import { NotificationsCard } from './NotificationsCard';
import { WelcomeCard } from './WelcomeCard';

/** `/app/home`: a welcome card, the fleet of the current project, and the user's notifications. */
export function Home() {
  return (
    <Stack spacing={3} sx={{ py: 2, maxWidth: 1200, minWidth: 0 }}>
      <Title title="home.title" />
      <WelcomeCard />
      <FleetSection />
      <NotificationsCard />
    </Stack>
  );
}

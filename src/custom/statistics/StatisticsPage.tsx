import { Grid } from '@mui/material';
import { ProjectScreen } from '../../project/ProjectScreen';
import { QueueGraphCard } from './QueueGraphCard';
import { SemaphoreCard } from './SemaphoreCard';

/**
 * `/app/databasestat` (000 §2 "Statistics screen"): the chosen project's semaphore of pending
 * operations per device and the live graph of a queue's size. The server checks the project
 * tree's Statistics node; without it both cards show its refusal.
 */
export default function StatisticsPage() {
  return (
    <ProjectScreen title="menu.databasestat">
      {(database) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <SemaphoreCard database={database} />
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            {/* A new project starts a new graph. */}
            <QueueGraphCard key={database} database={database} />
          </Grid>
        </Grid>
      )}
    </ProjectScreen>
  );
}

import { Button, Grid, Stack } from '@mui/material';
import ListIcon from '@mui/icons-material/List';
import PieChartIcon from '@mui/icons-material/PieChart';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PATHS } from '../../paths';
import { ProjectScreen } from '../../project/ProjectScreen';
import { ActivityCard } from './ActivityCard';
import { FleetCard } from './FleetCard';

/** `/app/mamdash` (000 §2): the chosen project's fleet summary and activity counters. */
export default function MamDashboard() {
  return (
    <ProjectScreen title="menu.mamdash">
      {(database) => <DashboardCards database={database} />}
    </ProjectScreen>
  );
}

function DashboardCards({ database }: { database: number }) {
  const translate = useTranslate();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          component={Link}
          to={`${PATHS.devicelist}?database=${database}`}
          variant="outlined"
          startIcon={<ListIcon />}
        >
          {translate('mam.dashboard.devices_link')}
        </Button>
        <Button
          component={Link}
          to={`${PATHS.database}?database=${database}`}
          variant="outlined"
          startIcon={<PieChartIcon />}
        >
          {translate('mam.dashboard.overview_link')}
        </Button>
      </Stack>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <FleetCard database={database} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <ActivityCard database={database} />
        </Grid>
      </Grid>
    </Stack>
  );
}

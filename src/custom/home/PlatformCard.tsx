import { Box, Link as MuiLink, List, ListItem, Stack } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { deviceListAddress, type FleetSummaryResponse } from '../../../protocol/fleet';
import { formatNumber } from '../../i18n/formats';
import { DashboardCard } from '../mam/DashboardCard';
import { PlatformIcon, usePlatformLabel } from '../mam/platforms';
import { PlatformBars } from './PlatformBars';

/**
 * Devices by platform: a bar chart to look at, and the same figures as links a keyboard and a
 * screen reader reach, each to the device list of that platform.
 */
export function PlatformCard({ summary }: { summary: FleetSummaryResponse }) {
  const translate = useTranslate();
  const locale = useLocale();
  const platformLabel = usePlatformLabel();
  return (
    <DashboardCard
      id="home-platforms"
      title={translate('home.fleet.platforms.title')}
      error={null}
      isPending={false}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ minWidth: 0 }}>
        <Box sx={{ flex: '2 1 0', minWidth: 0 }}>
          <PlatformBars database={summary.database} platforms={summary.platforms} />
        </Box>
        <List dense disablePadding sx={{ flex: '1 1 0', minWidth: 0 }}>
          {summary.platforms.map(({ platform, devices }) => (
            <ListItem key={platform ?? ''} disableGutters sx={{ gap: 1 }}>
              <PlatformIcon platform={platform} fontSize="small" color="action" />
              <MuiLink
                component={Link}
                to={deviceListAddress(summary.database, platform ? { platform } : {})}
              >
                {translate('home.fleet.platforms.link', {
                  platform: platformLabel(platform),
                  count: formatNumber(devices, locale),
                })}
              </MuiLink>
            </ListItem>
          ))}
        </List>
      </Stack>
    </DashboardCard>
  );
}

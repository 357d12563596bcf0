import { Box, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { deviceListAddress, type FleetSummaryResponse } from '../../../protocol/fleet';
import { formatNumber } from '../../i18n/formats';
import { platformColour, usePlatformLabel } from '../mam/platforms';

interface PlatformBarsProps {
  database: number;
  platforms: FleetSummaryResponse['platforms'];
}

/**
 * Devices per platform as horizontal bars, largest first, in each platform's own colour; a bar
 * opens the device list of its platform (the list beside the chart does the same by keyboard).
 * Drawn with boxes, not a chart library: recharts (about 100 KB compressed) kept home from being
 * usable before it arrived (docs/decisions.md, "Home's first load under 200 KB").
 */
export function PlatformBars({ database, platforms }: PlatformBarsProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  const platformLabel = usePlatformLabel();
  const largest = Math.max(1, ...platforms.map((row) => row.devices));

  return (
    <Box
      role="img"
      aria-label={translate('home.fleet.platforms.chart')}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 110px) 1fr', gap: 1, minWidth: 0 }}
    >
      {platforms.map(({ platform, devices }) => (
        <Box key={platform ?? ''} sx={{ display: 'contents' }}>
          <Typography variant="body2" noWrap sx={{ alignSelf: 'center', textAlign: 'right' }}>
            {platformLabel(platform)}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Box
              data-bar={platform ?? ''}
              onClick={() => navigate(deviceListAddress(database, platform ? { platform } : {}))}
              sx={{
                width: `${(devices / largest) * 85}%`,
                minWidth: 4,
                height: 24,
                borderRadius: 0.5,
                bgcolor: platformColour(platform),
                cursor: 'pointer',
                '&:hover': { opacity: 0.8 },
              }}
            />
            <Typography variant="body2" color="text.secondary">
              {formatNumber(devices, locale)}
            </Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

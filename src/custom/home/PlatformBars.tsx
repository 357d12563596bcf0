import { Box, useTheme } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { Bar, BarChart, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { deviceListAddress, type FleetSummaryResponse } from '../../../protocol/fleet';
import { formatNumber } from '../../i18n/formats';
import { platformColour, usePlatformLabel } from '../mam/platforms';

interface PlatformBarsProps {
  database: number;
  platforms: FleetSummaryResponse['platforms'];
}

const BAR_HEIGHT = 36;

/**
 * Devices per platform as horizontal bars, largest first, in each platform's own colour; a bar
 * opens the device list of its platform (the list beside the chart does the same by keyboard).
 * Loaded lazily (PlatformCard).
 */
export default function PlatformBars({ database, platforms }: PlatformBarsProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const theme = useTheme();
  const navigate = useNavigate();
  const platformLabel = usePlatformLabel();
  const bars = platforms.map((row) => ({
    platform: row.platform,
    name: platformLabel(row.platform),
    devices: row.devices,
  }));
  const height = Math.max(120, bars.length * BAR_HEIGHT + 40);

  return (
    <Box
      role="img"
      aria-label={translate('home.fleet.platforms.chart')}
      sx={{ height, minWidth: 0 }}
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 300, height }}>
        <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 4 }}>
          <XAxis
            type="number"
            allowDecimals={false}
            tickFormatter={(value: number) => formatNumber(value, locale)}
            stroke={theme.palette.text.secondary}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={110}
            stroke={theme.palette.text.secondary}
            tick={{ fill: theme.palette.text.primary, fontSize: 13 }}
          />
          <Tooltip
            cursor={{ fill: theme.palette.action.hover }}
            formatter={(value) => formatNumber(Number(value), locale)}
          />
          <Bar
            dataKey="devices"
            name={translate('home.fleet.figures.total')}
            cursor="pointer"
            animationDuration={600}
            onClick={(entry) => {
              const platform = (entry as unknown as { platform: string | null }).platform;
              navigate(deviceListAddress(database, platform ? { platform } : {}));
            }}
          >
            {bars.map((bar) => (
              <Cell key={bar.platform ?? ''} fill={platformColour(bar.platform)} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

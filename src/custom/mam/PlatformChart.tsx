import { Box, useTheme } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { PlatformShare } from './platformShares';
import { platformColour, usePlatformLabel } from './platforms';

/**
 * Devices per platform as a donut with its legend. Loaded lazily: recharts is the heaviest part
 * of the overview, and the table beside it carries the same figures.
 */
export default function PlatformChart({ shares }: { shares: PlatformShare[] }) {
  const translate = useTranslate();
  const locale = useLocale();
  const platformLabel = usePlatformLabel();
  const theme = useTheme();
  const slices = shares.map((row) => ({
    key: row.platform ?? '',
    name: platformLabel(row.platform),
    devices: row.devices,
    colour: platformColour(row.platform),
  }));

  return (
    <Box role="img" aria-label={translate('mam.overview.chart')} sx={{ height: 300, minWidth: 0 }}>
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 300, height: 300 }}
      >
        <PieChart>
          <Pie
            data={slices}
            dataKey="devices"
            nameKey="name"
            innerRadius="50%"
            outerRadius="80%"
            paddingAngle={slices.length > 1 ? 1 : 0}
            startAngle={90}
            endAngle={-270}
            animationDuration={600}
          >
            {slices.map((slice) => (
              <Cell key={slice.key} fill={slice.colour} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => Number(value).toLocaleString(locale)} />
          {/* In the table's order (largest first), in the text colour: pale slices stay readable. */}
          <Legend
            itemSorter={null}
            formatter={(name) => <span style={{ color: theme.palette.text.primary }}>{name}</span>}
          />
        </PieChart>
      </ResponsiveContainer>
    </Box>
  );
}

import { Box, useTheme } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { DeviceListFilter } from '../../../protocol/mdm/dashboard';
import { listAddress } from './FigureLink';

export interface BarFigure {
  key: string;
  label: string;
  value: number;
  colour?: string;
  filter: DeviceListFilter;
}

/**
 * A bar per figure; a bar opens its list as its link beside the chart does. Loaded lazily with
 * recharts. `contain` keeps the chart's drawn width from widening the page (as QueueChart).
 */
export default function DashboardBars({ figures, title }: { figures: BarFigure[]; title: string }) {
  const theme = useTheme();
  const navigate = useNavigate();
  return (
    <Box role="img" aria-label={title} sx={{ height: 200, minWidth: 0, contain: 'inline-size' }}>
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 400, height: 200 }}
      >
        <BarChart data={figures} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} vertical={false} />
          <XAxis
            dataKey="label"
            interval={0}
            tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
          />
          <YAxis
            allowDecimals={false}
            width={40}
            tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
          />
          <Tooltip cursor={{ fill: theme.palette.action.hover }} />
          <Bar
            dataKey="value"
            name={title}
            isAnimationActive={false}
            maxBarSize={72}
            cursor="pointer"
            onClick={(_data, index) => navigate(listAddress(figures[index].filter))}
          >
            {figures.map((figure) => (
              <Cell key={figure.key} fill={figure.colour ?? theme.palette.primary.main} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

import { Box, useTheme } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import {
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { GRAPH_POINTS, type QueueSource } from '../../../protocol/statistics';
import type { QueuePoint } from './useQueuePoints';

/** The queue's size over its last values, as a line. Loaded lazily with recharts. */
export default function QueueChart({
  points,
  source,
}: {
  points: QueuePoint[];
  source: QueueSource;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const theme = useTheme();
  const clock = (time: number) =>
    new Date(time).toLocaleTimeString(locale, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  const number = (value: number) => value.toLocaleString(locale);

  return (
    // contain: the chart's drawn width never widens the page (react-admin's layout is
    // min-width: fit-content, and a chart keeps its last width until it measures again).
    <Box
      role="img"
      aria-label={translate('statistics.graph.chart', {
        source: translate(`statistics.graph.sources.${source}`),
        points: GRAPH_POINTS,
      })}
      sx={{ height: 260, minWidth: 0, contain: 'inline-size' }}
    >
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 500, height: 260 }}
      >
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
          <XAxis
            dataKey="time"
            tickFormatter={clock}
            minTickGap={32}
            tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={number}
            width={64}
            tick={{ fill: theme.palette.text.secondary, fontSize: 12 }}
          />
          <Tooltip
            labelFormatter={(time) => clock(Number(time))}
            formatter={(value) => [number(Number(value)), translate('statistics.graph.operations')]}
          />
          <Line
            type="linear"
            dataKey="value"
            stroke={theme.palette.primary.main}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}

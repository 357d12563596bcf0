import { Box, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Cell, Pie, PieChart, ResponsiveContainer } from 'recharts';
import type { StatisticsPercent } from '../../../protocol/statistics';
import { semaphoreColour, type SemaphoreColour } from './semaphoreColours';

/**
 * The semaphore as a half-ring gauge of its three percentages. Loaded lazily with recharts; the
 * figures and the table beside it carry the same information for screen readers.
 */
export default function SemaphoreGauge({ percent }: { percent: StatisticsPercent }) {
  const translate = useTranslate();
  const theme = useTheme();
  const slices: { colour: SemaphoreColour; value: number }[] = [
    { colour: 'green', value: percent.Green },
    { colour: 'yellow', value: percent.Yellow },
    { colour: 'red', value: percent.Red },
  ];
  return (
    // contain: the chart's drawn width never widens the page (react-admin's layout is
    // min-width: fit-content, and a chart keeps its last width until it measures again).
    <Box
      role="img"
      aria-label={translate('statistics.semaphore.chart', {
        green: percent.Green,
        yellow: percent.Yellow,
        red: percent.Red,
      })}
      data-testid="semaphore-gauge"
      sx={{ height: 180, minWidth: 0, contain: 'inline-size' }}
    >
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 300, height: 180 }}
      >
        <PieChart>
          <Pie
            data={slices.filter((slice) => slice.value > 0)}
            dataKey="value"
            nameKey="colour"
            cx="50%"
            cy={165}
            startAngle={180}
            endAngle={0}
            innerRadius={95}
            outerRadius={145}
            paddingAngle={1}
            isAnimationActive={false}
          >
            {slices
              .filter((slice) => slice.value > 0)
              .map((slice) => (
                <Cell key={slice.colour} fill={semaphoreColour(theme, slice.colour)} />
              ))}
          </Pie>
        </PieChart>
      </ResponsiveContainer>
    </Box>
  );
}

import { Box, Table, TableBody, TableCell, TableHead, TableRow, useTheme } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { StatisticsResult } from '../../../protocol/statistics';
import { semaphoreColour, type SemaphoreColour } from './semaphoreColours';

const ROWS: [keyof StatisticsResult, SemaphoreColour][] = [
  ['ElementsNoOps', 'green'],
  ['ElementsGreen', 'green'],
  ['ElementsYellow', 'yellow'],
  ['ElementsRed', 'red'],
];

/** The statistics result's four counts, each with its colour. */
export function SemaphoreTable({ result }: { result: StatisticsResult }) {
  const translate = useTranslate();
  const locale = useLocale();
  const theme = useTheme();
  return (
    // Narrow cell padding: the three columns fit a phone's width with their longest words.
    <Table size="small" sx={{ '& th, & td': { px: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell>{translate('statistics.semaphore.colour')}</TableCell>
          <TableCell>{translate('statistics.semaphore.pending')}</TableCell>
          <TableCell align="right">{translate('statistics.semaphore.devices')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {ROWS.map(([key, colour]) => (
          <TableRow key={key}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Box
                component="span"
                aria-hidden
                sx={{
                  display: 'inline-block',
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  mr: 1,
                  verticalAlign: 'middle',
                  bgcolor: semaphoreColour(theme, colour),
                }}
              />
              {translate(`statistics.semaphore.${colour}`)}
            </TableCell>
            <TableCell>{translate(`statistics.semaphore.${key}`)}</TableCell>
            <TableCell align="right">{result[key].toLocaleString(locale)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

import { Box, Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { PlatformShare } from './platformShares';
import { platformColour, usePlatformLabel } from './platforms';

/** Devices per platform as numbers: the chart's figures, readable without the chart. */
export function PlatformTable({ shares, total }: { shares: PlatformShare[]; total: number }) {
  const translate = useTranslate();
  const locale = useLocale();
  const platformLabel = usePlatformLabel();
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });

  return (
    <Table
      size="small"
      aria-label={translate('mam.overview.title')}
      // Narrower cells on a phone, so that three columns fit in 375 px (issue 17, defect 6).
      sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{translate('mam.overview.platform')}</TableCell>
          <TableCell align="right">{translate('mam.overview.devices')}</TableCell>
          <TableCell align="right">{translate('mam.overview.percentage')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {shares.map((row) => (
          <TableRow key={row.platform ?? ''}>
            <TableCell component="th" scope="row" sx={{ whiteSpace: { sm: 'nowrap' } }}>
              <Box
                component="span"
                aria-hidden
                sx={{
                  display: 'inline-block',
                  width: 12,
                  height: 12,
                  mr: 1,
                  borderRadius: '50%',
                  bgcolor: platformColour(row.platform),
                  verticalAlign: 'middle',
                }}
              />
              {platformLabel(row.platform)}
            </TableCell>
            <TableCell align="right">{row.devices.toLocaleString(locale)}</TableCell>
            <TableCell align="right">{percent.format(row.share)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter
        sx={{
          '& .MuiTableCell-root': { color: 'text.primary', fontWeight: 500, fontSize: 'inherit' },
        }}
      >
        <TableRow>
          <TableCell component="th" scope="row">
            {translate('mam.overview.total')}
          </TableCell>
          <TableCell align="right">{total.toLocaleString(locale)}</TableCell>
          <TableCell align="right">{percent.format(1)}</TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}

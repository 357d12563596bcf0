import { TableCell, TableRow } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useLocale, useTranslate } from 'react-admin';
import type { SearchRow } from '../../dataProvider';
import { PlatformIcon } from '../mam/platforms';
import { secondaryCell, visuallyHidden } from './searchColumns';

interface SearchTableRowProps {
  row: SearchRow;
  onOpen: (row: SearchRow) => void;
}

/**
 * One device found: green when it synchronised today, red otherwise (001 "Global device search");
 * a click or Enter opens it.
 */
export function SearchTableRow({ row, onOpen }: SearchTableRowProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const tone = row.colour === 'green' ? 'success' : 'error';
  const lastSync = row.SINCRONISMO
    ? new Date(row.SINCRONISMO).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'medium' })
    : translate('search.never');

  return (
    <TableRow
      hover
      tabIndex={0}
      data-colour={row.colour}
      onClick={() => onOpen(row)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onOpen(row);
      }}
      sx={(theme) => ({
        cursor: 'pointer',
        bgcolor: alpha(theme.palette[tone].main, 0.12),
        '&.MuiTableRow-hover:hover': { bgcolor: alpha(theme.palette[tone].main, 0.22) },
        '&:focus-visible': {
          outline: `2px solid ${theme.palette.primary.main}`,
          outlineOffset: -2,
        },
      })}
    >
      <TableCell padding="checkbox">
        <PlatformIcon platform={row.DEVICE_TYPE} fontSize="small" />
      </TableCell>
      <TableCell sx={{ wordBreak: 'break-all' }}>{row.MID}</TableCell>
      <TableCell>{row.OWNER}</TableCell>
      <TableCell sx={secondaryCell}>{row.EMAIL}</TableCell>
      <TableCell sx={secondaryCell}>{row.MODEL}</TableCell>
      <TableCell sx={secondaryCell}>{row.name}</TableCell>
      <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>
        {lastSync}
        {/* The row's colour says this to sighted users; screen readers get it in words. */}
        <span style={visuallyHidden}>
          {` (${translate(row.colour === 'green' ? 'search.synced_today' : 'search.not_synced_today')})`}
        </span>
      </TableCell>
    </TableRow>
  );
}

import { Fragment, useState, type ReactNode } from 'react';
import { Collapse, IconButton, TableCell, TableRow, Typography } from '@mui/material';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import { useLocaleState, useTranslate } from 'react-admin';
import {
  UPDATE_PLATFORMS,
  UPDATE_TYPE_NAMES,
  UPDATE_TYPES,
  type DeviceUpdateRow,
  type UpdateRow,
} from '../../../protocol/updates';
import { formatDateTime } from '../../i18n/formats';
import { UpdateFilesDetail } from './UpdateFilesDetail';
import { confirmedPercent } from './updateDraft';

/** The label key of a type code, never the raw code (000 §3). */
export const typeKey = (code: number) =>
  `updates.types.${UPDATE_TYPE_NAMES.find((name) => UPDATE_TYPES[name] === code) ?? 'GENERAL'}`;

/** A platform code's name (000 §3 "Platform codes (updates)"); none (0) shows as a dash. */
export const platformName = (code: number) =>
  code === 0
    ? '—'
    : (UPDATE_PLATFORMS.find((platform) => platform.code === code)?.name ?? String(code));

function useDate() {
  const [locale] = useLocaleState();
  return (value: string | null | undefined) =>
    value ? formatDateTime(value, locale === 'en' ? 'en' : 'es') : '';
}

/** A row that opens below itself to the files of its update. */
function ExpandableRow({
  database,
  name,
  versionCompleta,
  cells,
  extra,
}: {
  database: number;
  name: string;
  versionCompleta: string;
  cells: ReactNode[];
  extra?: ReactNode;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 'none' : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-label={translate(open ? 'updates.collapse' : 'updates.expand', { name })}
            onClick={() => setOpen(!open)}
          >
            {open ? <KeyboardArrowDownIcon /> : <KeyboardArrowRightIcon />}
          </IconButton>
        </TableCell>
        {cells.map((cell, index) => (
          <TableCell key={index}>{cell}</TableCell>
        ))}
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={cells.length + 1} sx={{ py: 0 }}>
            <Collapse in timeout="auto">
              {extra}
              <UpdateFilesDetail database={database} versionCompleta={versionCompleta} />
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

export function TotalsRows({ database, rows }: { database: number; rows: UpdateRow[] }) {
  const translate = useTranslate();
  const date = useDate();
  return rows.map((row) => (
    <ExpandableRow
      key={row.version}
      database={database}
      name={row.versionCompleta}
      versionCompleta={row.versionCompleta}
      cells={[
        translate(typeKey(row.tipo)),
        platformName(row.platform),
        row.mid || translate('updates.all_target'),
        row.versionCompleta,
        translate('updates.percent', {
          ok: row.statisticOK,
          total: row.statisticTotal,
          percent: confirmedPercent(row.statisticOK, row.statisticTotal),
        }),
        date(row.downloadUpdateDate),
      ]}
    />
  ));
}

/** Pending or confirmed device rows, a heading row where the group (device or version) changes. */
export function DeviceUpdateRows({
  database,
  rows,
  columns,
  groupBy,
}: {
  database: number;
  rows: DeviceUpdateRow[];
  columns: string[];
  groupBy: 'mid' | 'version';
}) {
  const translate = useTranslate();
  const date = useDate();
  const cell = (row: DeviceUpdateRow, column: string): ReactNode => {
    switch (column) {
      case 'mid':
        return row.mid;
      case 'usuario':
        return row.usuario ?? '';
      case 'tipo':
        return translate(typeKey(row.tipo));
      case 'platform':
        return platformName(row.platform);
      case 'versionCompleta':
        return row.versionCompleta;
      case 'downloaded':
        return date(row.downloadUpdateDate);
      case 'confirmDate':
        return date(row.confirmDate);
      case 'error':
        return row.error ?? '';
    }
  };
  return rows.map((row, index) => {
    const key = groupBy === 'mid' ? row.mid : row.versionCompleta;
    const previous = rows[index - 1];
    const starts =
      !previous || (groupBy === 'mid' ? previous.mid : previous.versionCompleta) !== key;
    return (
      <Fragment key={`${row.version}-${row.mid}`}>
        {starts && (
          <TableRow sx={{ bgcolor: 'action.hover' }}>
            <TableCell colSpan={columns.length + 1} component="th" scope="colgroup">
              <Typography variant="subtitle2" component="span">
                {translate(`updates.group_header.${groupBy}`, { key })}
              </Typography>
            </TableCell>
          </TableRow>
        )}
        <ExpandableRow
          database={database}
          name={`${row.mid} ${row.versionCompleta}`}
          versionCompleta={row.versionCompleta}
          cells={columns.map((column) => cell(row, column))}
        />
      </Fragment>
    );
  });
}

import { useState } from 'react';
import { Box, Tooltip } from '@mui/material';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { DeviceErrorRow } from '../../../../protocol/device-protocol';
import type { FlotaDataProvider } from '../../../dataProvider';
import { ALL_ROWS, LogTable } from './LogTable';

/** 001 §9: the error log table shows 5 rows; lengths 5, 100 and all as the help-desk tables. */
const ERROR_LOG_LENGTHS = [5, 100, ALL_ROWS];

/**
 * The statement of the replicated operation that failed: one monospace line cut to the
 * column, the whole text in a tooltip, and unfolded in place on click (touch has no hover).
 */
export function SqlText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const toggle = () => setOpen((value) => !value);
  const code = (
    <Box
      component="code"
      role="button"
      tabIndex={0}
      aria-expanded={open}
      onClick={toggle}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          toggle();
        }
      }}
      sx={{
        display: 'block',
        cursor: 'pointer',
        fontFamily: 'monospace',
        fontSize: '0.8rem',
        maxWidth: open ? 'none' : { xs: '14rem', sm: '28rem' },
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: open ? 'pre-wrap' : 'nowrap',
        wordBreak: open ? 'break-all' : 'normal',
      }}
    >
      {text}
    </Box>
  );
  // Always inside the tooltip, so unfolding keeps the element (and its focus).
  return <Tooltip title={open ? '' : text}>{code}</Tooltip>;
}

/** The device's error logs (001 §3: TIMESTAMP, CGSSQL, DESCRIPTION), reported by its agent. */
export function ErrorLogs({ database, mid }: { database: number; mid: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const field = (name: string) => translate(`remote.logs.fields.${name}`);
  return (
    <LogTable<DeviceErrorRow>
      title={translate('remote.logs.error_logs')}
      queryKey={['flota', 'deviceErrorLogs', database, mid]}
      fetchPage={(page, signal) => dataProvider.deviceErrorLogs(database, mid, page, signal)}
      lengths={ERROR_LOG_LENGTHS}
      empty={translate('remote.logs.no_errors')}
      columns={[
        {
          label: field('TIMESTAMP'),
          cell: (row) => new Date(row.TIMESTAMP).toLocaleString(locale),
        },
        { label: field('CGSSQL'), cell: (row) => <SqlText text={row.CGSSQL} /> },
        { label: field('DESCRIPTION'), cell: (row) => row.DESCRIPTION },
      ]}
    />
  );
}

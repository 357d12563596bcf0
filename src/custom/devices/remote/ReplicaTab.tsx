import { Alert, Box, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { DEVICE_REPLICA } from '../../../../protocol/resources/device-replica';
import type { ReplicaStatusRow } from '../../../../protocol/replication';
import type { FlotaDataProvider } from '../../../dataProvider';
import { formatDateTime, formatNumber } from '../../../i18n/formats';
import { formatDecimal } from '../../../i18n/numbers';
import { DeviceResourceList, type DeviceListsProps } from './DeviceResourceList';

const FIELDS = ['SINCRONISMO', 'LASTID', 'LASTDMID', 'LASTCID', 'PENDING'] as const;

/**
 * The edit dialog's replica tab (001 §2, §3): the device's replica status (one record, so a
 * small table of name and value, which fits a phone) and the declared list `device-replica` of
 * its pending operations, oldest first (docs/replication.md).
 */
export function ReplicaTab({ database, mid, owner }: DeviceListsProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = locale === 'en' ? 'en' : 'es';
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const status = useQuery({
    queryKey: ['flota', 'deviceReplicaStatus', database, mid],
    queryFn: ({ signal }) => dataProvider.deviceReplicaStatus(database, mid, signal),
  });
  const value = (name: (typeof FIELDS)[number], row: ReplicaStatusRow) =>
    name === 'SINCRONISMO'
      ? row.SINCRONISMO
        ? formatDateTime(row.SINCRONISMO, language)
        : translate('remote.replica.never')
      : name === 'PENDING'
        ? formatNumber(row[name], language)
        : formatDecimal(row[name], language); // identifiers: their digits as they are

  return (
    <Box>
      {status.error && <Alert severity="error">{status.error.message}</Alert>}
      <Typography variant="subtitle2" component="h3">
        {translate('remote.replica.status')}
      </Typography>
      <Table size="small" aria-label={translate('remote.replica.status')}>
        <TableBody>
          {FIELDS.map((name) => (
            <TableRow key={name}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {translate(`remote.replica.fields.${name}`)}
              </TableCell>
              <TableCell align="right">{status.data ? value(name, status.data) : ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <DeviceResourceList definition={DEVICE_REPLICA} database={database} mid={mid} owner={owner} />
    </Box>
  );
}

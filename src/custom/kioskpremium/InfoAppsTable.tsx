import { useState } from 'react';
import {
  Alert,
  Box,
  Chip,
  FormControlLabel,
  LinearProgress,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../i18n/formats';
import { errorText } from './premiumData';

/** An app info row (002 §3): how one app is installed on one device. */
interface InfoRow {
  Status: 'OK' | 'KO';
  Guid: string;
  Package: string;
  Querydate: string | null;
  Version: string | null;
  Versioncode: number | null;
  Profileversioncode: number | null;
}

/** 002 §9: the premium tables' page sizes (All is the server's longest page). */
const PAGE_SIZES = [10, 20, 50, 100];

/**
 * The app info tables (002 §2, §7): ListInfoApp (one app on the profile's devices of a project)
 * or ListInfoApps (the profile's apps on one device), paged in SQL, with the OK and KO filters —
 * at least one stays on (002 §5).
 */
export function InfoAppsTable({
  parameter,
}: {
  parameter: { oper: 'ListInfoApp' | 'ListInfoApps'; database: number } & Record<string, unknown>;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [showok, setShowok] = useState(true);
  const [showko, setShowko] = useState(true);
  const [page, setPage] = useState(0);
  const [length, setLength] = useState(10);
  const rows = useQuery({
    queryKey: ['kioskpremium', parameter, showok, showko, page, length],
    queryFn: () =>
      dataProvider.kioskPremiumTable<InfoRow>({
        ...parameter,
        showok: showok ? 1 : 0,
        showko: showko ? 1 : 0,
        datatable: { start: page * length, length },
      }),
    placeholderData: keepPreviousData,
  });
  // Turning one filter off while the other is off turns the other back on.
  const toggle = (which: 'ok' | 'ko', on: boolean) => {
    setPage(0);
    if (which === 'ok') {
      setShowok(on);
      if (!on && !showko) setShowko(true);
    } else {
      setShowko(on);
      if (!on && !showok) setShowok(true);
    }
  };
  const field = (name: string) => translate(`kioskpremium.info.${name}`);
  const data = rows.data?.data ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        <FormControlLabel
          control={<Switch checked={showok} onChange={(e) => toggle('ok', e.target.checked)} />}
          label={field('show_ok')}
        />
        <FormControlLabel
          control={<Switch checked={showko} onChange={(e) => toggle('ko', e.target.checked)} />}
          label={field('show_ko')}
        />
      </Box>
      {rows.isFetching && <LinearProgress />}
      {rows.error && <Alert severity="error">{errorText(rows.error)}</Alert>}
      {rows.data && data.length === 0 && <Alert severity="info">{field('empty')}</Alert>}
      {data.length > 0 && (
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table size="small" aria-label={field('table')}>
            <TableHead>
              <TableRow>
                <TableCell>{field('status')}</TableCell>
                <TableCell>{field('device')}</TableCell>
                <TableCell>{field('package')}</TableCell>
                <TableCell>{field('query_date')}</TableCell>
                <TableCell>{field('version')}</TableCell>
                <TableCell>{field('version_code')}</TableCell>
                <TableCell>{field('profile_version_code')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((row) => (
                <TableRow key={`${row.Guid}-${row.Package}`}>
                  <TableCell>
                    <Chip
                      size="small"
                      label={row.Status}
                      title={field(row.Status === 'OK' ? 'ok' : 'ko')}
                      color={row.Status === 'OK' ? 'success' : 'warning'}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.Guid}</TableCell>
                  <TableCell>{row.Package}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(row.Querydate, locale)}
                  </TableCell>
                  <TableCell>{row.Version ?? ''}</TableCell>
                  <TableCell>{row.Versioncode ?? ''}</TableCell>
                  <TableCell>{row.Profileversioncode ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <TablePagination
        component="div"
        count={rows.data?.total ?? 0}
        page={page}
        rowsPerPage={length}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setLength(Number(event.target.value));
          setPage(0);
        }}
        labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
        labelDisplayedRows={({ from, to, count }) =>
          translate('ra.navigation.page_range_info', {
            offsetBegin: from,
            offsetEnd: to,
            total: count,
          })
        }
      />
    </Box>
  );
}

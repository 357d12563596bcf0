import { useState } from 'react';
import {
  Alert,
  Card,
  CardContent,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { MAX_PAGE_LENGTH } from '../../../protocol/paging';
import { UPDATE_PAGE_SIZES } from '../../../protocol/updates';
import type { UpdatesQuery } from '../../dataProvider/updateCalls';
import { UpdatePager } from './UpdatePager';
import { DeviceUpdateRows, TotalsRows } from './UpdateRows';
import { useUpdatesPanel } from './useUpdatesPanel';

const PANEL_NAMES = { 1: 'totals', 2: 'pending', 3: 'confirmed' } as const;
export type PanelNumber = keyof typeof PANEL_NAMES;

const TOTALS_COLUMNS = ['tipo', 'platform', 'target', 'versionCompleta', 'confirmed', 'date'];
const DEVICE_COLUMNS = {
  2: ['mid', 'usuario', 'tipo', 'platform', 'versionCompleta', 'downloaded', 'error'],
  3: ['mid', 'usuario', 'tipo', 'platform', 'versionCompleta', 'downloaded', 'confirmDate'],
};

/**
 * One panel of the updates screen (000 §2, §4): Totals (one row per update) or the Pending and
 * Confirmed rows per device, these grouped by device or by version. 5 rows a page by default,
 * 5/10/20/all, paged and grouped by the server; a row opens to the update's files.
 */
export function UpdatePanel({ database, panel }: { database: number; panel: PanelNumber }) {
  const translate = useTranslate();
  const name = PANEL_NAMES[panel];
  const [groupBy, setGroupBy] = useState<UpdatesQuery['groupBy']>('version');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(UPDATE_PAGE_SIZES[0]);
  const length = perPage > 0 ? perPage : MAX_PAGE_LENGTH;
  const list = useUpdatesPanel(database, { panel, groupBy, start: page * length, length });
  const titleId = `updates-panel-${name}`;
  const columns = panel === 1 ? TOTALS_COLUMNS : DEVICE_COLUMNS[panel];
  const data = list.data;
  const count =
    data?.total ??
    (panel === 1 ? data?.ListUpd.length : panel === 2 ? data?.Pendientes : data?.Confirmadas) ??
    0;

  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Stack
          direction="row"
          useFlexGap
          sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}
        >
          <Typography id={titleId} variant="h6" component="h2">
            {translate(`updates.panels.${name}`)}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({translate('updates.panels.count', { smart_count: count })})
            </Typography>
          </Typography>
          {panel !== 1 && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={groupBy}
              aria-label={translate('updates.group_by')}
              onChange={(_event, next: UpdatesQuery['groupBy'] | null) => {
                if (!next) return;
                setGroupBy(next);
                setPage(0);
              }}
            >
              <ToggleButton value="mid">{translate('updates.group.mid')}</ToggleButton>
              <ToggleButton value="version">{translate('updates.group.version')}</ToggleButton>
            </ToggleButtonGroup>
          )}
        </Stack>
        {list.error && <Alert severity="error">{list.error.message}</Alert>}
        {list.isFetching && !data && <LinearProgress aria-label={translate('ra.page.loading')} />}
        <TableContainer>
          <Table size="small" aria-labelledby={titleId}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Typography variant="inherit" sx={hidden}>
                    {translate('updates.columns.actions')}
                  </Typography>
                </TableCell>
                {columns.map((column) => (
                  <TableCell key={column}>{translate(`updates.columns.${column}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {panel === 1 ? (
                <TotalsRows database={database} rows={data?.ListUpd ?? []} />
              ) : (
                <DeviceUpdateRows
                  database={database}
                  rows={data?.ListDeviceUpd ?? []}
                  columns={columns}
                  groupBy={groupBy}
                />
              )}
              {data && (panel === 1 ? data.ListUpd : data.ListDeviceUpd).length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length + 1}>{translate('updates.none')}</TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <UpdatePager
          total={count}
          page={page}
          perPage={perPage}
          onPage={setPage}
          onPerPage={(next) => {
            setPerPage(next);
            setPage(0);
          }}
        />
      </CardContent>
    </Card>
  );
}

/** Read by screen readers only. */
export const hidden = {
  position: 'absolute',
  // Pixels: in sx a bare 1 means 100 %, which would widen the page.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

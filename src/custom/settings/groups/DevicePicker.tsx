import { useState } from 'react';
import {
  Box,
  Checkbox,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import { PLATFORMS, PLATFORM_LABELS } from '../../../../protocol/devices';
import { GROUP_PICKER_PAGE } from '../../../../protocol/groups';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { PickerDevice } from '../../../dataProvider/groupCalls';
import { useDebouncedValue } from '../../search/useDebouncedValue';

/** The picker's columns; the first four are its filter slots (000 §9: 4 for the group picker). */
const COLUMNS = ['MID', 'OWNER', 'EMAIL', 'PIN', 'DEVICE_TYPE'] as const;
const FILTERED = ['MID', 'OWNER', 'EMAIL', 'PIN'] as const;

interface DevicePickerProps {
  database: number;
  /** Whether a row is ticked (by its ID in a group; by ID or MID for an update's devices). */
  isSelected(device: PickerDevice): boolean;
  /** The platform it opens on: the group's, once it has devices. */
  platform: string;
  onToggle(device: PickerDevice, on: boolean): void;
  /** i18n keys of its heading and help, when it picks for something else than a group. */
  texts?: { title: string; help: string };
}

/**
 * The group editor's device picker (000 §2, devicesWithPages with status short): 10 rows a
 * page, sorted, filtered and paged on the server, scrolling at 300 px.
 */
export function DevicePicker({
  database,
  isSelected,
  platform: initial,
  onToggle,
  texts = { title: 'groups.editor.picker', help: 'groups.editor.picker_help' },
}: DevicePickerProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [page, setPage] = useState(0);
  const [sort, setSort] = useState<{ orderBy: string; orderDir: 'asc' | 'desc' }>({
    orderBy: 'MID',
    orderDir: 'asc',
  });
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [platform, setPlatform] = useState(initial);
  const filters = useDebouncedValue(typed, 200);
  const query = {
    start: page * GROUP_PICKER_PAGE,
    length: GROUP_PICKER_PAGE,
    ...sort,
    filters,
    platform,
  };
  const devices = useQuery({
    queryKey: ['flota', 'groupPicker', database, query],
    queryFn: ({ signal }) => dataProvider.groupPickerDevices(database, query, signal),
    placeholderData: keepPreviousData,
  });
  const label = (column: string) => translate(`groups.columns.${column}`);
  const sortBy = (column: string) => {
    setSort((s) => ({
      orderBy: column,
      orderDir: s.orderBy === column && s.orderDir === 'asc' ? 'desc' : 'asc',
    }));
    setPage(0);
  };
  const filter = (column: string, value: string) => {
    setTyped((t) => ({ ...t, [column]: value }));
    setPage(0);
  };
  const rows = devices.data?.data ?? [];
  return (
    <Box component="section" aria-labelledby="group-picker-title" sx={{ mt: 2 }}>
      <Typography id="group-picker-title" variant="subtitle1" component="h3">
        {translate(texts.title)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(texts.help)}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
        <TextField
          select
          size="small"
          label={translate('groups.editor.platform')}
          value={platform}
          onChange={(event) => {
            setPlatform(event.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 140, flex: '1 1 9rem' }}
        >
          <MenuItem value="">{translate('groups.editor.all_platforms')}</MenuItem>
          {PLATFORMS.map((code) => (
            <MenuItem key={code} value={code}>
              {PLATFORM_LABELS[code][language]}
            </MenuItem>
          ))}
        </TextField>
        {FILTERED.map((column) => (
          <TextField
            key={column}
            size="small"
            label={label(column)}
            placeholder={translate('groups.editor.filter_placeholder')}
            value={typed[column] ?? ''}
            onChange={(event) => filter(column, event.target.value)}
            slotProps={{
              htmlInput: {
                'aria-label': translate('groups.editor.filter', { column: label(column) }),
              },
            }}
            sx={{ flex: '1 1 9rem' }}
          />
        ))}
      </Box>
      {devices.isFetching && <LinearProgress aria-label={translate('groups.editor.loading')} />}
      <TableContainer sx={{ maxHeight: 300 }}>
        <Table size="small" stickyHeader aria-labelledby="group-picker-title">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Typography variant="inherit" sx={visuallyHidden}>
                  {translate('groups.editor.in_group')}
                </Typography>
              </TableCell>
              {COLUMNS.map((column) => (
                <TableCell
                  key={column}
                  sortDirection={sort.orderBy === column ? sort.orderDir : false}
                >
                  <TableSortLabel
                    active={sort.orderBy === column}
                    direction={sort.orderBy === column ? sort.orderDir : 'asc'}
                    onClick={() => sortBy(column)}
                  >
                    {label(column)}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((device) => (
              <TableRow key={device.ID} hover selected={isSelected(device)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={isSelected(device)}
                    onChange={(event) => onToggle(device, event.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': translate('groups.editor.select_named', { name: device.MID }),
                      },
                    }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{device.MID}</TableCell>
                <TableCell>{device.OWNER}</TableCell>
                <TableCell>{device.EMAIL}</TableCell>
                <TableCell>{device.PIN}</TableCell>
                <TableCell>
                  {device.DEVICE_TYPE
                    ? (PLATFORM_LABELS[device.DEVICE_TYPE as keyof typeof PLATFORM_LABELS]?.[
                        language
                      ] ?? device.DEVICE_TYPE)
                    : ''}
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && !devices.isFetching && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length + 1}>
                  {translate('ra.navigation.no_results')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={Number(devices.data?.total ?? 0)}
        page={page}
        rowsPerPage={GROUP_PICKER_PAGE}
        rowsPerPageOptions={[GROUP_PICKER_PAGE]}
        onPageChange={(_event, next) => setPage(next)}
      />
    </Box>
  );
}

/** Read by screen readers only. */
export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

import { useState } from 'react';
import {
  Box,
  Checkbox,
  FormControlLabel,
  LinearProgress,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { useDebouncedValue } from '../search/useDebouncedValue';

const PAGE = 20;

/** The project's groups to send a groups update to (admgroups 'groups'), searched and paged. */
export function GroupPicker({
  database,
  selected,
  onToggle,
}: {
  database: number;
  selected: ReadonlyMap<number, string>;
  onToggle(group: { ID: number; NAME: string }, on: boolean): void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(0);
  const q = useDebouncedValue(typed, 200);
  const groups = useQuery({
    queryKey: ['flota', 'updateGroups', database, q, page],
    queryFn: ({ signal }) => dataProvider.updateGroups(database, q, page * PAGE, signal),
    placeholderData: keepPreviousData,
  });
  const rows = groups.data?.data ?? [];
  return (
    <Box component="section" aria-labelledby="update-groups-title">
      <Typography id="update-groups-title" variant="subtitle1" component="h3">
        {translate('updates.new.groups')}{' '}
        <Typography component="span" variant="body2" color="text.secondary">
          ({translate('updates.new.groups_selected', { smart_count: selected.size })})
        </Typography>
      </Typography>
      <TextField
        size="small"
        label={translate('updates.new.group_search')}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setPage(0);
        }}
        sx={{ my: 1, maxWidth: 360 }}
        fullWidth
      />
      {groups.isFetching && <LinearProgress aria-label={translate('ra.page.loading')} />}
      <Stack sx={{ maxHeight: 300, overflow: 'auto' }}>
        {rows.map((group) => (
          <FormControlLabel
            key={group.ID}
            control={
              <Checkbox
                size="small"
                checked={selected.has(group.ID)}
                onChange={(event) => onToggle(group, event.target.checked)}
              />
            }
            label={group.NAME}
          />
        ))}
        {rows.length === 0 && !groups.isFetching && (
          <Typography variant="body2">{translate('ra.navigation.no_results')}</Typography>
        )}
      </Stack>
      {Number(groups.data?.total ?? 0) > PAGE && (
        <TablePagination
          component="div"
          count={Number(groups.data?.total ?? 0)}
          page={page}
          rowsPerPage={PAGE}
          rowsPerPageOptions={[PAGE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      )}
    </Box>
  );
}

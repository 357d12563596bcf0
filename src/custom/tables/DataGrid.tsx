import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Confirm,
  ListContextProvider,
  useDataProvider,
  useNotify,
  useTranslate,
} from 'react-admin';
import type { RowFilter, RowFilterOper } from '../../../protocol/filters';
import {
  DATA_PAGE_LENGTH,
  DATA_PAGE_LENGTHS,
  type TableColumn,
} from '../../../protocol/table-data';
import type { TableSource } from '../../../protocol/tables';
import type { FlotaDataProvider } from '../../dataProvider';
import { FilterRow } from '../../resources/schema/FilterRow';
import { TablePager } from '../environments/TablePager';
import { cellText } from '../reports/reportExport';
import { RecordEditor, type EditorTarget } from './RecordEditor';
import { rowKey, type Row } from './recordValues';
import { tableDefinition } from './tableDefinition';
import { ALL_DEVICES } from '../../../protocol/replication';

interface DataGridProps {
  database: number;
  source: TableSource;
  table: string;
  columns: TableColumn[];
  readOnly: boolean;
}

interface Filters {
  rowfilter: RowFilter;
  rowfilteroper: RowFilterOper;
}

/**
 * Tab 2's data grid (001 §2, §9): the table's rows paged, sorted and filtered by the server
 * (10/20/50/100/500 rows, 100 by default), the schema's filter row with the operators of each
 * column's type, edit and delete per row, or a checkbox per row in multi-select mode with a
 * delete of the selected. Read-only callers only read.
 */
export function DataGrid({ database, source, table, columns, readOnly }: DataGridProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const definition = useMemo(() => tableDefinition(table, columns), [table, columns]);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(DATA_PAGE_LENGTH);
  const [sort, setSort] = useState<{ field?: string; order: 'asc' | 'desc' }>({ order: 'asc' });
  const [filters, setFilterValues] = useState<Filters>({ rowfilter: {}, rowfilteroper: {} });
  const [multi, setMulti] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [statement, setStatement] = useState<string | null>(null);

  const query = {
    datatable: {
      start: page * perPage,
      length: perPage,
      orderBy: sort.field,
      orderDir: sort.order,
    },
    ...filters,
  };
  const key = ['flota', 'tablesData', database, source, table];
  const result = useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }) => dataProvider.tablePage(database, source, table, query, signal),
    placeholderData: keepPreviousData,
  });
  const names = result.data?.Columns.map((c) => c.colunName) ?? [];
  const rows: Row[] = (result.data?.Datas ?? []).map((cells) =>
    Object.fromEntries(names.map((name, i) => [name, cells[i]])),
  );
  const refresh = () => {
    setSelected(new Set());
    return queryClient.invalidateQueries({ queryKey: key });
  };
  const listContext = {
    filterValues: filters,
    displayedFilters: {},
    setFilters: (values: Filters) => {
      setFilterValues({
        rowfilter: values.rowfilter ?? {},
        rowfilteroper: values.rowfilteroper ?? {},
      });
      setPage(0);
    },
  };
  const sortBy = (field: string) => {
    setSort((now) => ({
      field,
      order: now.field === field && now.order === 'asc' ? 'desc' : 'asc',
    }));
    setPage(0);
  };
  const [replicateDeletes, setReplicateDeletes] = useState(false);
  const deleteSelected = async () => {
    setConfirming(false);
    try {
      // One call, one transaction: every selected record goes, or none (a refusal names why).
      const answer = await dataProvider.updateTableData(database, {
        table,
        action: 'delete',
        // As the record editor: to every device (9999) when the operator asks for it.
        replica: replicateDeletes && table.startsWith('gen_'),
        replicaMID: ALL_DEVICES,
        columns: columns.map((c) => c.COLUMN_NAME),
        data: {},
        rows: [...selected].map((index) => rowKey(columns, rows[index])),
        changes: {},
      });
      setStatement(answer.statement);
      notify('tables.grid.deleted', {
        type: 'info',
        messageArgs: { smart_count: answer.RecordsAffected },
      });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
    await refresh();
  };
  const toggle = (index: number) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {!readOnly && (
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            onClick={() => setEditor({ action: 'insert', row: null })}
          >
            {translate('tables.grid.insert')}
          </Button>
        )}
        {!readOnly && (
          <FormControlLabel
            control={
              <Switch
                checked={multi}
                onChange={(event) => {
                  setMulti(event.target.checked);
                  setSelected(new Set());
                }}
              />
            }
            label={translate('tables.grid.multi')}
          />
        )}
        {multi && table.startsWith('gen_') && (
          <FormControlLabel
            control={
              <Switch
                checked={replicateDeletes}
                onChange={(event) => setReplicateDeletes(event.target.checked)}
              />
            }
            label={translate('tables.editor.replica')}
          />
        )}
        {multi && (
          <Button
            color="warning"
            startIcon={<DeleteIcon />}
            disabled={selected.size === 0}
            onClick={() => setConfirming(true)}
          >
            {translate('tables.grid.delete_selected', { smart_count: selected.size })}
          </Button>
        )}
      </Box>
      {statement && (
        <Alert severity="success" onClose={() => setStatement(null)}>
          <Box component="code" sx={{ wordBreak: 'break-word' }}>
            {statement}
          </Box>
        </Alert>
      )}
      <ListContextProvider value={listContext as never}>
        <FilterRow schema={definition} />
      </ListContextProvider>
      {result.isFetching && <LinearProgress />}
      {result.error && (
        <Alert severity="error">
          {translate('tables.grid.failed', { description: (result.error as Error).message })}
        </Alert>
      )}
      {result.data?.recordsEstimated && (
        <Alert severity="info">{translate('tables.grid.estimated')}</Alert>
      )}
      <TableContainer
        sx={{ maxHeight: '60vh', overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-label={translate('tables.grid.label', { table })}
      >
        <Table size="small" stickyHeader aria-label={translate('tables.grid.label', { table })}>
          <TableHead>
            <TableRow>
              {!readOnly && (
                <TableCell padding="checkbox">
                  {multi ? (
                    <Checkbox
                      size="small"
                      checked={rows.length > 0 && selected.size === rows.length}
                      indeterminate={selected.size > 0 && selected.size < rows.length}
                      onChange={(event) =>
                        setSelected(
                          event.target.checked ? new Set(rows.map((_, i) => i)) : new Set(),
                        )
                      }
                      slotProps={{ input: { 'aria-label': translate('tables.grid.select_all') } }}
                    />
                  ) : (
                    <Box component="span" sx={visuallyHidden}>
                      {translate('tables.grid.actions')}
                    </Box>
                  )}
                </TableCell>
              )}
              {names.map((name) => (
                <TableCell key={name} sx={{ whiteSpace: 'nowrap' }}>
                  <TableSortLabel
                    active={sort.field === name}
                    direction={sort.field === name ? sort.order : 'asc'}
                    onClick={() => sortBy(name)}
                  >
                    {name}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow
                key={JSON.stringify(rowKey(columns, row))}
                hover
                selected={selected.has(index)}
              >
                {!readOnly && (
                  <TableCell padding="checkbox" sx={{ whiteSpace: 'nowrap' }}>
                    {multi ? (
                      <Checkbox
                        size="small"
                        checked={selected.has(index)}
                        onChange={() => toggle(index)}
                        slotProps={{
                          input: {
                            'aria-label': translate('tables.grid.select_row', { n: index + 1 }),
                          },
                        }}
                      />
                    ) : (
                      <>
                        <Tooltip title={translate('tables.grid.edit')}>
                          <IconButton
                            size="small"
                            aria-label={translate('tables.grid.edit')}
                            onClick={() => setEditor({ action: 'edit', row })}
                          >
                            <EditIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                        <Tooltip title={translate('tables.grid.delete')}>
                          <IconButton
                            size="small"
                            aria-label={translate('tables.grid.delete')}
                            onClick={() => setEditor({ action: 'delete', row })}
                          >
                            <DeleteIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </>
                    )}
                  </TableCell>
                )}
                {names.map((name) => (
                  <TableCell
                    key={name}
                    sx={{
                      whiteSpace: 'nowrap',
                      maxWidth: 320,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    }}
                  >
                    {cellText(row[name])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {result.data && rows.length === 0 && (
        <Alert severity="info">{translate('tables.grid.empty')}</Alert>
      )}
      <TablePager
        paging={{
          page,
          perPage,
          setPage,
          setPerPage: (length) => {
            setPerPage(length);
            setPage(0);
          },
        }}
        total={result.data?.recordsTotal ?? 0}
        lengths={DATA_PAGE_LENGTHS}
      />
      <RecordEditor
        database={database}
        table={table}
        columns={columns}
        target={editor}
        onClose={() => setEditor(null)}
        onSaved={(text) => {
          setStatement(text);
          void refresh();
        }}
      />
      <Confirm
        isOpen={confirming}
        title="tables.grid.confirm_title"
        content="tables.grid.confirm_content"
        translateOptions={{ smart_count: selected.size, table }}
        onConfirm={() => void deleteSelected()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
} as const;

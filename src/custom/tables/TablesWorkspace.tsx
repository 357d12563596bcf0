import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Card,
  Chip,
  Grid,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Stack,
  Tab,
  Tabs,
  TextField,
} from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { canAccess } from '../../../protocol/access-tree';
import { isSystemSource, TABLE_SOURCES, type TableSource } from '../../../protocol/tables';
import type { FlotaDataProvider } from '../../dataProvider';
import { useProjectAccess } from '../../project/useProjectAccess';
import { ProvisioningTab } from './provisioning/ProvisioningTab';
import { SelectionPanel } from './selection/SelectionPanel';
import { TemplateTab } from './selection/TemplateTab';
import { SqlTab } from './sql/SqlTab';
import type { TableTabProps } from './tabProps';
import { DataGrid } from './DataGrid';
import { DesignTab } from './DesignTab';

const TABS = ['design', 'data', 'sql', 'template', 'provisioning'] as const;
/** Tabs 2, 4 and 5 are the project database's only (001 §2). */
const PROJECT_ONLY = new Set(['data', 'template', 'provisioning']);

/**
 * The tables screen of one project: the database (the project's or a system one), its tables,
 * and the five tabs on the chosen table. Read-only without write on node 2 ('queries', 001 §6);
 * the server checks every call again.
 */
export function TablesWorkspace({ database }: { database: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const access = useProjectAccess(database);
  const [source, setSource] = useState<TableSource>('project');
  const [table, setTable] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [tab, setTab] = useState<(typeof TABS)[number]>('design');
  const system = isSystemSource(source);
  const writable = Boolean(
    access.data &&
    (access.data.owner || canAccess(access.data.jsonAccess ?? [], 'queries', 'write')),
  );
  const props: TableTabProps = { database, source, table, readOnly: system || !writable };

  const tables = useQuery({
    queryKey: ['flota', 'tables', database, source],
    queryFn: () => dataProvider.consoleTables(database, source),
  });
  const columns = useQuery({
    queryKey: ['flota', 'tablesColumns', database, source, table],
    queryFn: () => dataProvider.consoleColumns(database, source, table!),
    enabled: table !== null,
  });
  const shown = (tables.data ?? []).filter((entry) =>
    entry.name.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const choose = (next: TableSource) => {
    setSource(next);
    setTable(null);
    if (isSystemSource(next) && PROJECT_ONLY.has(tab)) setTab('design');
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3 }} sx={{ minWidth: 0 }}>
        <Card sx={{ p: 1 }}>
          <Stack spacing={1}>
            <TextField
              select
              id="tables-source"
              size="small"
              label={translate('tables.source.label')}
              value={source}
              onChange={(event) => choose(event.target.value as TableSource)}
            >
              {TABLE_SOURCES.map((name) => (
                <MenuItem key={name} value={name}>
                  {translate(`tables.source.${name}`)}
                </MenuItem>
              ))}
            </TextField>
            {system && <Alert severity="info">{translate('tables.source.system')}</Alert>}
            <TextField
              size="small"
              type="search"
              label={translate('tables.list.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            {tables.isFetching && <LinearProgress />}
            {tables.error && <Alert severity="error">{(tables.error as Error).message}</Alert>}
            {tables.data && shown.length === 0 && (
              <Alert severity="info">{translate('tables.list.empty')}</Alert>
            )}
            <List
              dense
              aria-label={translate('tables.list.label')}
              sx={{ maxHeight: { xs: 240, md: '60vh' }, overflowY: 'auto' }}
            >
              {shown.map((entry) => (
                <ListItem key={entry.name} disablePadding>
                  <ListItemButton
                    selected={entry.name === table}
                    onClick={() => setTable(entry.name)}
                  >
                    <ListItemText primary={entry.name} sx={{ wordBreak: 'break-all' }} />
                    {entry.view && <Chip size="small" label={translate('tables.list.view')} />}
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Stack>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 9 }} sx={{ minWidth: 0 }}>
        <Card sx={{ p: 1, minWidth: 0, contain: 'inline-size' }}>
          <Tabs
            value={tab}
            onChange={(_event, next) => setTab(next)}
            variant="scrollable"
            scrollButtons="auto"
            aria-label={translate('tables.tabs.label')}
          >
            {TABS.map((name) => (
              <Tab
                key={name}
                value={name}
                label={translate(`tables.tabs.${name}`)}
                disabled={system && PROJECT_ONLY.has(name)}
              />
            ))}
          </Tabs>
          <Box sx={{ pt: 2, minWidth: 0 }}>
            {!writable && access.data && source === 'project' && tab === 'data' && (
              <Alert severity="info" sx={{ mb: 1 }}>
                {translate('tables.editor.read_only')}
              </Alert>
            )}
            {tab === 'sql' ? (
              <SqlTab {...props} />
            ) : tab === 'template' ? (
              <TemplateTab {...props} />
            ) : tab === 'provisioning' ? (
              <ProvisioningTab {...props} />
            ) : table === null ? (
              <Alert severity="info">{translate('tables.list.none')}</Alert>
            ) : columns.error ? (
              <Alert severity="error">{(columns.error as Error).message}</Alert>
            ) : !columns.data ? (
              <LinearProgress />
            ) : tab === 'design' ? (
              <DesignTab database={database} table={table} columns={columns.data} />
            ) : (
              <Stack spacing={2} sx={{ minWidth: 0 }}>
                <DataGrid
                  key={`${source}.${table}`}
                  database={database}
                  source={source}
                  table={table}
                  columns={columns.data}
                />
                <SelectionPanel {...props} />
              </Stack>
            )}
          </Box>
        </Card>
      </Grid>
    </Grid>
  );
}

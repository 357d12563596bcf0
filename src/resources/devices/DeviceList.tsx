import { useCallback, useMemo, useState } from 'react';
import { Alert, Box } from '@mui/material';
import { List, Loading, ResourceContextProvider, useRefresh, useTranslate } from 'react-admin';
import { ProjectScreen } from '../../custom/project/ProjectScreen';
import { keyAsId, SchemaWarnings, useResourceSchema } from '../schema';
import { DeviceEditDialog } from './edit/DeviceEditDialog';
import { deviceFilters } from './deviceFilters';
import { DeviceListUiContext, type DeviceListUi } from './deviceListUi';
import { DEVICE_DEFAULT_PAGE, DevicePagination } from './DevicePagination';
import { DeviceTable } from './DeviceTable';
import { DeviceToolbar } from './DeviceToolbar';
import { RemoteUiProvider } from './remote/remoteUi';
import { NO_DEVICE_PERMISSIONS, useProjectAccess } from './useProjectAccess';

const RESOURCE = 'devicelist';
const selectId = keyAsId('ID');

/**
 * `/app/devicelist` and `/app/devicesscreen?database=` (000 §2 Device list): the project's devices,
 * server-paged, with platform, status and per-column filters, exports, row colours by state and
 * the right-click menu of 001 §2.
 */
export default function DeviceList() {
  return (
    <ProjectScreen title="menu.devicelist">
      {(database) => <DeviceListScreen key={database} database={database} />}
    </ProjectScreen>
  );
}

function DeviceListScreen({ database }: { database: number }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const schema = useResourceSchema(RESOURCE, database);
  const access = useProjectAccess(database);
  const [filterRowOpen, setFilterRowOpen] = useState(false);
  const [editor, setEditor] = useState<{ open: boolean; deviceId: number | null }>({
    open: false,
    deviceId: null,
  });
  const [deleteAsked, setDeleteAsked] = useState(false);
  const [seenRows] = useState<DeviceListUi['seenRows']>(() => new Map());

  const toggleFilterRow = useCallback(() => setFilterRowOpen((open) => !open), []);
  const openEditor = useCallback(
    (deviceId: number | null) => setEditor({ open: true, deviceId }),
    [],
  );
  const closeEditor = useCallback(
    (saved: boolean) => {
      setEditor((current) => ({ ...current, open: false }));
      if (saved) refresh();
    },
    [refresh],
  );

  const ui = useMemo<DeviceListUi | null>(
    () =>
      schema.data
        ? {
            database,
            projectName: access.data?.name ?? String(database),
            schema: schema.data,
            permissions: access.data?.devices ?? NO_DEVICE_PERMISSIONS,
            filterRowOpen,
            toggleFilterRow,
            openEditor,
            deleteAsked,
            setDeleteAsked,
            seenRows,
          }
        : null,
    [
      database,
      access.data,
      schema.data,
      filterRowOpen,
      toggleFilterRow,
      openEditor,
      deleteAsked,
      seenRows,
    ],
  );

  if (schema.error) {
    return (
      <Alert severity="error">
        {translate('resources.devicelist.schema_error', { error: schema.error.message })}
      </Alert>
    );
  }
  if (!ui) return <Loading />;

  return (
    <DeviceListUiContext.Provider value={ui}>
      <RemoteUiProvider database={database}>
        <ResourceContextProvider value={RESOURCE}>
          {/* react-admin's layout grows to fit its content; containment keeps a wide table
            from widening the page, so the table scrolls inside its own box instead. */}
          <Box sx={{ minWidth: 0, maxWidth: '100%', contain: 'inline-size' }}>
            <SchemaWarnings schema={ui.schema} />
            <List
              resource={RESOURCE}
              title="menu.devicelist"
              filter={{ database }}
              filters={deviceFilters}
              actions={<DeviceToolbar />}
              perPage={DEVICE_DEFAULT_PAGE}
              pagination={<DevicePagination />}
              sort={{ field: schema.data?.key ?? 'ID', order: 'ASC' }}
              queryOptions={{ select: selectId }}
              disableSyncWithLocation
              storeKey={false}
              exporter={false}
              empty={false}
              sx={{ '& .RaList-main, & .RaList-content': { minWidth: 0, maxWidth: '100%' } }}
            >
              <DeviceTable />
            </List>
          </Box>
        </ResourceContextProvider>
      </RemoteUiProvider>
      <DeviceEditDialog
        database={database}
        deviceId={editor.deviceId}
        open={editor.open}
        onClose={closeEditor}
      />
    </DeviceListUiContext.Provider>
  );
}

import { useMemo, useState } from 'react';
import { Alert } from '@mui/material';
import { ResourceContextProvider, useTranslate } from 'react-admin';
import { deviceDefinition } from '../../../protocol/resources/devices';
import { ProjectScreen } from '../../project/ProjectScreen';
import { NO_DEVICE_PERMISSIONS, useProjectAccess } from '../../project/useProjectAccess';
import { DefinitionList } from '../../resources/factory/DefinitionList';
import { useResourceSchema } from '../../resources/schema';
import { useAddressFilter } from './addressFilter';
import { AddressDevice } from './AddressDevice';
import { DeviceListContext, type DeviceListState } from './deviceListUi';
import { RemoteUiProvider } from './remote/remoteUi';
import { ScreenFallback } from '../../layout/ScreenFallback';

const RESOURCE = 'devicelist';

/**
 * `/app/devicelist` and `/app/devicesscreen?database=` (000 §2 Device list): the project's
 * devices, as the factory lists a declared resource (protocol/resources/devices.ts) made from
 * the project's effective schema, with the device list's own parts in its slots
 * (src/resources/slots.ts): platform and status filters, its pagination, the right-click menu
 * and selection bar of 001 §2, the legend of the row colours and the device dialog.
 */
export default function DeviceList() {
  const address = useAddressFilter();
  return (
    <ProjectScreen title="menu.devicelist">
      {(database) => (
        <DeviceListScreen
          key={`${database} ${address.key}`}
          database={database}
          initialFilter={address.filter}
        />
      )}
    </ProjectScreen>
  );
}

interface DeviceListScreenProps {
  database: number;
  initialFilter?: Record<string, unknown>;
}

function DeviceListScreen({ database, initialFilter }: DeviceListScreenProps) {
  const translate = useTranslate();
  const schema = useResourceSchema(RESOURCE, database);
  const access = useProjectAccess(database);
  const definition = useMemo(() => schema.data && deviceDefinition(schema.data), [schema.data]);
  const [deleteAsked, setDeleteAsked] = useState(false);
  const [seenRows] = useState<DeviceListState['seenRows']>(() => new Map());
  const projectName = access.data?.name ?? String(database);
  const state = useMemo<DeviceListState>(
    () => ({
      database,
      projectName,
      permissions: access.data?.devices ?? NO_DEVICE_PERMISSIONS,
      deleteAsked,
      setDeleteAsked,
      seenRows,
    }),
    [database, projectName, access.data, deleteAsked, seenRows],
  );

  if (schema.error) {
    return (
      <Alert severity="error">
        {translate('resources.devicelist.schema_error', { error: schema.error.message })}
      </Alert>
    );
  }
  // The caller's rights decide what the list offers: it waits for them rather than change.
  if (!definition || access.isPending) return <ScreenFallback titled={false} />;
  return (
    <DeviceListContext.Provider value={state}>
      <RemoteUiProvider database={database}>
        <ResourceContextProvider value={RESOURCE}>
          <DefinitionList
            definition={definition}
            database={database}
            owner={projectName}
            initialFilter={initialFilter}
          />
          <AddressDevice database={database} />
        </ResourceContextProvider>
      </RemoteUiProvider>
    </DeviceListContext.Provider>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { DeviceListRow, DeviceSave, FlotaDataProvider } from '../../../dataProvider';
import { useResourceSchema } from '../../../resources/schema/useResourceSchema';

export const DEVICE_FOR_EDIT_KEY = ['flota', 'deviceForEdit'] as const;
export const PROJECT_ACCESS_KEY = ['flota', 'projectAccess'] as const;

/**
 * What the device edit dialog reads: the caller's device permissions in the project, the
 * device (or a blank one with the lists to choose from) and the device list's effective schema.
 */
export function useDeviceEditData(database: number, id: number | null) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const access = useQuery({
    queryKey: [...PROJECT_ACCESS_KEY, database],
    queryFn: ({ signal }) => dataProvider.projectAccess(database, signal),
    staleTime: 60_000,
  });
  const device = useQuery({
    queryKey: [...DEVICE_FOR_EDIT_KEY, database, id],
    queryFn: ({ signal }) => dataProvider.deviceForEdit(database, id, signal),
    // The form is built from this answer: a background refetch must not replace what the
    // operator is typing. The dialog refetches after its own saves.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const schema = useResourceSchema('devicelist', database);
  return { access, device, schema };
}

/** Saving the device and assigning it a licence; `onSaved` gets the device row the server kept. */
export function useDeviceEditActions(database: number, onSaved: (row: DeviceListRow) => void) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  // The server's description is shown as it is (no i18n key: `_` keeps polyglot from warning).
  const onError = (failure: Error) =>
    notify(failure.message, { type: 'error', messageArgs: { _: failure.message } });
  const refresh = (row: DeviceListRow) =>
    queryClient.invalidateQueries({ queryKey: [...DEVICE_FOR_EDIT_KEY, database, row.ID] });

  const save = useMutation({
    mutationFn: (device: DeviceSave) => dataProvider.saveDevice(database, device),
    onSuccess: async (row) => {
      notify('device_edit.saved', { type: 'success' });
      await refresh(row);
      onSaved(row);
    },
    onError,
  });
  const licence = useMutation({
    mutationFn: (id: number) => dataProvider.createDeviceLicence(database, id),
    onSuccess: async (row) => {
      notify('device_edit.licence.assigned', { type: 'success' });
      await refresh(row);
      onSaved(row);
    },
    onError,
  });
  return { save, licence };
}

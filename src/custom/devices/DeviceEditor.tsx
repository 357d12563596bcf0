import { lazy, Suspense, useState } from 'react';
import type { EditorProps } from '../../resources/slots';

// Loaded when a device is first opened: the dialog, its tabs and its map are not the list's.
const DeviceEditDialog = lazy(() =>
  import('./edit/DeviceEditDialog').then((module) => ({ default: module.DeviceEditDialog })),
);

/** Marks a row opened by an "Editar" action: the dialog starts editable. */
export const EDIT_NOW = '__editNow';

/**
 * The device list's editor (its `editor` slot): the device edit dialog, with tabs, for the row
 * opened or a new device. The device stays named while the dialog closes.
 */
export function DeviceEditor({ database, target, onClose }: EditorProps) {
  const [last, setLast] = useState<EditorProps['target']>(target);
  if (target !== null && target !== last) setLast(target);
  const shown = target ?? last;
  if (database == null || shown === null) return null;
  return (
    <Suspense fallback={null}>
      <DeviceEditDialog
        database={database}
        deviceId={shown === 'create' ? null : Number(shown.ID)}
        startEditing={shown !== 'create' && shown[EDIT_NOW] === true}
        open={target !== null}
        onClose={onClose}
      />
    </Suspense>
  );
}

import { useEffect, useState, type MutableRefObject } from 'react';
import { Alert, Box, DialogContent, LinearProgress, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DeviceListRow } from '../../../dataProvider';
import { DeviceEditTitle } from './DeviceEditTitle';
import { DeviceForm } from './DeviceForm';
import { InventoryTab } from './InventoryTab';
import {
  RemoteTabPanel,
  REMOTE_TABS,
  remoteTabLabel,
  type RemoteTabName,
} from '../remote/RemoteTabs';
import { useDeviceEditActions, useDeviceEditData } from './useDeviceEdit';

interface DeviceEditContentProps {
  titleId: string;
  database: number;
  deviceId: number | null;
  /** Opened by an "Editar" action: the form starts editable and Cancelar closes the dialog. */
  startEditing?: boolean;
  /** Set to what Escape does now; the dialog calls it. */
  escapeRef: MutableRefObject<() => void>;
  onClose: (saved: boolean) => void;
}

type TabName = 'device' | 'inventory' | RemoteTabName;

/**
 * The dialog's title and tabs. A new device opens the editable form; an existing one opens read
 * only with Editar. After a save the dialog shows the saved device and remembers the save, so
 * that closing tells the list to refresh (001 §4).
 */
export function DeviceEditContent({
  titleId,
  database,
  deviceId,
  startEditing = false,
  escapeRef,
  onClose,
}: DeviceEditContentProps) {
  const translate = useTranslate();
  const [id, setId] = useState(deviceId);
  const [saved, setSaved] = useState(false);
  const [editing, setEditing] = useState(deviceId === null || startEditing);
  // Counts the edits given up with Cancel: each one rebuilds the form from the device.
  const [discarded, setDiscarded] = useState(0);
  const [tab, setTab] = useState<TabName>('device');
  const { access, device, schema } = useDeviceEditData(database, id);
  const afterSave = (row: DeviceListRow) => {
    setSaved(true);
    setId(row.ID);
    setEditing(false);
  };
  const { save, licence } = useDeviceEditActions(database, afterSave);

  const isNew = id === null;
  const close = () => onClose(saved);
  const failure = access.error ?? device.error ?? schema.error;
  const permissions = access.data?.devices;
  const allowed = isNew ? permissions?.addDevice : permissions?.editDevice;
  const ready = device.data && schema.data && permissions;

  // Cancelar leaves the edit; it closes the dialog when it was opened to edit (or to create).
  const cancel = () => {
    if (isNew || (startEditing && !saved)) return close();
    setEditing(false);
    setDiscarded(discarded + 1);
  };
  // Escape does what Cancelar does while editing, and closes the dialog otherwise. A menu or a
  // confirmation open inside takes its own Escape first (MUI stops it there).
  useEffect(() => {
    escapeRef.current = () => (editing ? cancel() : close());
  });

  let body;
  if (failure) {
    body = (
      <Alert severity="error">
        {translate('device_edit.load_error', { error: failure.message })}
      </Alert>
    );
  } else if (permissions && !allowed) {
    body = (
      <Alert severity="warning">
        {translate(isNew ? 'device_edit.not_allowed_new' : 'device_edit.not_allowed')}
      </Alert>
    );
  } else if (!ready) {
    body = <LinearProgress aria-label={translate('ra.page.loading')} />;
  } else {
    // The form stays mounted behind the inventory so that a look there keeps what was typed.
    body = (
      <>
        <Box role="tabpanel" hidden={tab !== 'device'} aria-labelledby="device-edit-tab-device">
          <DeviceForm
            key={`${device.dataUpdatedAt}-${discarded}`}
            device={device.data}
            schema={schema.data}
            editing={editing}
            canSave={permissions.saveDevice}
            onEdit={() => setEditing(true)}
            onCancel={cancel}
            onSave={(changes) => save.mutateAsync(changes).catch(() => undefined)}
            assigning={licence.isPending}
            onAssignLicence={() => device.data.ID !== null && licence.mutate(device.data.ID)}
          />
        </Box>
        {tab === 'inventory' && !isNew && (
          <Box role="tabpanel" aria-labelledby="device-edit-tab-inventory" sx={{ pb: 2.5 }}>
            <InventoryTab inventory={device.data.Inventory} position={device.data.Position} />
          </Box>
        )}
        {tab !== 'device' && tab !== 'inventory' && !isNew && (
          <Box role="tabpanel" aria-labelledby={`device-edit-tab-${tab}`} sx={{ pb: 2.5 }}>
            <RemoteTabPanel
              tab={tab}
              database={database}
              device={device.data}
              canCommand={permissions.saveDevice}
              projectName={access.data?.name ?? String(database)}
            />
          </Box>
        )}
      </>
    );
  }

  return (
    <>
      <DeviceEditTitle id={titleId} device={device.data} isNew={isNew} onClose={close} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 3 }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabName) => setTab(next)}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
        >
          <Tab
            value="device"
            id="device-edit-tab-device"
            label={translate('device_edit.tabs.device')}
          />
          {!isNew && (
            <Tab
              value="inventory"
              id="device-edit-tab-inventory"
              label={translate('device_edit.tabs.inventory')}
            />
          )}
          {!isNew &&
            REMOTE_TABS.filter((name) => name !== 'settings' || permissions?.saveDevice).map(
              (name) => (
                <Tab
                  key={name}
                  value={name}
                  id={`device-edit-tab-${name}`}
                  label={translate(remoteTabLabel(name))}
                />
              ),
            )}
        </Tabs>
      </Box>
      {/* No bottom padding: the form's buttons stick to the bottom edge. */}
      {/* Focusable, so that a keyboard can scroll a long tab (the inventory). */}
      <DialogContent tabIndex={0} sx={{ minHeight: 320, pb: 0 }}>
        {body}
      </DialogContent>
    </>
  );
}

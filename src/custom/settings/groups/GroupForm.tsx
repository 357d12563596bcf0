import { useState } from 'react';
import { Alert, Box, Button, DialogActions, DialogContent, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  groupIssue,
  type Group,
  type GroupDevice,
} from '../../../../protocol/groups';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { PickerDevice } from '../../../dataProvider/groupCalls';
import { DeleteConfirm } from '../../../resources/factory/DeleteConfirm';
import { RecordHistory } from '../../../resources/factory/RecordHistory';
import { useDefinitionListUi } from '../../../resources/factory/listUi';
import { DevicePicker } from './DevicePicker';
import { GroupDevices } from './GroupDevices';
import { GroupUsers } from './GroupUsers';

interface GroupFormProps {
  database: number;
  group: Group;
  readOnly: boolean;
  onClose(saved?: boolean): void;
}

const asMember = (device: PickerDevice): GroupDevice => ({
  IDGROUP: null,
  IDDEVICE: device.ID,
  PIN: device.PIN,
  OWNER: device.OWNER,
  EMAIL: device.EMAIL,
  PLATFORM: device.DEVICE_TYPE,
  MID: device.MID,
});

/** The editor's form: checks the four rules of 000 §5 before saving, as the server does. */
export function GroupForm({ database, group, readOnly, onClose }: GroupFormProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const { definition, can } = useDefinitionListUi();
  const [name, setName] = useState(group.NAME);
  const [description, setDescription] = useState(group.DESCRIPTION);
  const [users, setUsers] = useState(group.Users);
  const [publish, setPublish] = useState(group.PublishUsers);
  const [devices, setDevices] = useState(group.Devices);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const selected = new Set(devices.map((d) => d.IDDEVICE));
  // A change answers the problem shown: it is checked again on the next save.
  const changed =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setProblem(null);
      set(value);
    };
  const toggle = (device: PickerDevice, on: boolean) =>
    changed(setDevices)((current: GroupDevice[]) =>
      on
        ? [...current.filter((d) => d.IDDEVICE !== device.ID), asMember(device)]
        : current.filter((d) => d.IDDEVICE !== device.ID),
    );
  const save = async () => {
    const issue = groupIssue({
      NAME: name,
      DESCRIPTION: description,
      platforms: devices.map((d) => d.PLATFORM),
    });
    if (issue) {
      setProblem(translate(`groups.messages.${issue}`));
      return;
    }
    setSaving(true);
    try {
      await dataProvider.saveGroup(database, {
        ...(group.ID ? { ID: group.ID } : {}),
        NAME: name,
        DESCRIPTION: description,
        Devices: devices.map((d) => d.IDDEVICE),
        Users: users.map((u) => u.IDUSER),
        PublishUsers: publish,
      });
      notify('groups.saved', { type: 'success' });
      onClose(true);
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <DialogContent dividers>
        {readOnly && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('groups.read_only')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            label={translate('groups.editor.name')}
            value={name}
            onChange={(event) => changed(setName)(event.target.value)}
            required
            disabled={readOnly}
            slotProps={{ htmlInput: { maxLength: GROUP_NAME_MAX } }}
            sx={{ flex: '1 1 14rem' }}
          />
          <TextField
            label={translate('groups.editor.description')}
            value={description}
            onChange={(event) => changed(setDescription)(event.target.value)}
            required
            disabled={readOnly}
            slotProps={{ htmlInput: { maxLength: GROUP_DESCRIPTION_MAX } }}
            sx={{ flex: '2 1 18rem' }}
          />
        </Box>
        <GroupUsers
          database={database}
          users={users}
          publish={publish}
          readOnly={readOnly}
          onChange={(nextUsers, nextPublish) => {
            setProblem(null);
            setUsers(nextUsers);
            setPublish(nextPublish);
          }}
        />
        <GroupDevices
          database={database}
          devices={devices}
          readOnly={readOnly}
          onRemove={(id) =>
            changed(setDevices)((current: GroupDevice[]) =>
              current.filter((d) => d.IDDEVICE !== id),
            )
          }
        />
        {!readOnly && (
          <DevicePicker
            database={database}
            isSelected={(device) => selected.has(device.ID)}
            platform={devices[0]?.PLATFORM ?? ''}
            onToggle={toggle}
          />
        )}
        {/* The engine keeps every write of a group, the editor's (admgroups) too. */}
        {group.ID !== 0 && (
          <RecordHistory
            definition={definition}
            id={group.ID}
            database={database}
            onReverted={readOnly ? undefined : () => onClose(true)}
          />
        )}
      </DialogContent>
      {problem && (
        <Alert severity="error" role="alert" sx={{ mx: 3, mt: 1 }}>
          {problem}
        </Alert>
      )}
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {group.ID !== 0 && can('delete') && (
          <Button color="warning" onClick={() => setDeleting(true)} sx={{ mr: 'auto' }}>
            {translate('ra.action.delete')}
          </Button>
        )}
        <Button onClick={() => onClose()}>
          {translate(readOnly ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        {!readOnly && (
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {translate('ra.action.save')}
          </Button>
        )}
      </DialogActions>
      <DeleteConfirm
        definition={definition}
        records={[{ ...group, id: group.ID }]}
        ids={[group.ID]}
        open={deleting}
        database={database}
        onClose={() => setDeleting(false)}
        onDeleted={() => onClose(true)}
      />
    </>
  );
}

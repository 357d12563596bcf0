import { useRef, useState } from 'react';
import { Alert, Box, Button, DialogActions, DialogContent, TextField } from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  groupIssue,
  type Group,
  type GroupDevice,
} from '../../../../protocol/groups';
import type { FlotaDataProvider } from '../../../dataProvider';
import { customFieldsMeta } from '../../../dataProvider/customFieldsMeta';
import type { PickerDevice } from '../../../dataProvider/groupCalls';
import { DeleteConfirm } from '../../../resources/factory/DeleteConfirm';
import { RecordHistory } from '../../../resources/factory/RecordHistory';
import { useDefinitionListUi } from '../../../resources/factory/listUi';
import { DevicePicker } from './DevicePicker';
import { GroupCustomFields, type CustomValues } from './GroupCustomFields';
import { GroupDevices } from './GroupDevices';
import { GroupUsers } from './GroupUsers';

interface GroupFormProps {
  database: number;
  group: Group;
  /** The engine's record of the group (null for a new one): its version and custom values. */
  record: RaRecord | null;
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

/**
 * The editor's form: checks the four rules of 000 §5 before saving, as the server does, and the
 * custom fields inline; saves through the engine's create or edit (groupsCreate, groupsEdit with
 * the version read: a stale save is refused), the members as `MIDS`, `Users` and `PublishUsers`.
 */
export function GroupForm({ database, group, record, readOnly, onClose }: GroupFormProps) {
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
  const customValues = useRef<CustomValues | null>(null);
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
    const custom = customValues.current ? await customValues.current() : {};
    if (!custom) return; // a custom field is refused, beside its input
    setSaving(true);
    try {
      const data = {
        NAME: name,
        DESCRIPTION: description,
        // In the order the engine answers them (MIDs by code, IDs by number), so that lists
        // left as they were are not sent as changes.
        MIDS: devices.map((d) => d.MID).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
        Users: users.map((u) => u.IDUSER).sort((a, b) => a - b),
        PublishUsers: [...publish].sort((a, b) => a - b),
        ...custom,
      };
      const meta = { database, ...customFieldsMeta(definition) };
      if (record)
        await dataProvider.update(definition.name, {
          id: record.id,
          data,
          previousData: record,
          meta,
        });
      else await dataProvider.create(definition.name, { data, meta });
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
        <GroupCustomFields
          definition={definition}
          record={record ?? {}}
          mode={record ? 'edit' : 'create'}
          readOnly={readOnly}
          submitRef={customValues}
        />
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

import EditIcon from '@mui/icons-material/Edit';
import SaveIcon from '@mui/icons-material/Save';
import { Button, Grid, Stack } from '@mui/material';
import { Form, useNotify, useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { ResourceSchema } from '../../../../protocol/resource-schema';
import type { DeviceForEdit, DeviceSave } from '../../../dataProvider';
import { SchemaInputs } from '../../../resources/schema/SchemaInputs';
import { AssignmentInputs } from './AssignmentInputs';
import { deviceChanges, editableSources, NOT_GENERIC } from './deviceChanges';
import { LicenceField } from './LicenceField';
import { PlatformModelInputs } from './PlatformModelInputs';

interface DeviceFormProps {
  device: DeviceForEdit;
  schema: ResourceSchema;
  /** Editable form; otherwise every input is read-only (view mode). */
  editing: boolean;
  /** The caller may change the device: offers Editar and the licence. */
  canSave: boolean;
  onEdit: () => void;
  onCancel: () => void;
  /** Resolves when the save is over, successful or not. */
  onSave: (changes: DeviceSave) => Promise<unknown>;
  assigning: boolean;
  onAssignLicence: () => void;
}

/** The lists and the inventory are not form values. */
function formRecord(device: DeviceForEdit) {
  const {
    AllApplication: _applications,
    AllUsers: _users,
    AllPlatforms: _platforms,
    Inventory: _inventory,
    Position: _position,
    ...record
  } = device;
  return record;
}

/** The device form of the edit dialog: the schema's fields plus platform, model, application, user and licence. */
export function DeviceForm(props: DeviceFormProps) {
  const { device, schema, editing, onSave } = props;
  const notify = useNotify();
  const readOnly = !editing;

  const submit = async (values: Record<string, unknown>) => {
    const changes = deviceChanges(device, values, editableSources(schema));
    if (changes === null) {
      notify('device_edit.no_changes', { type: 'info' });
      return;
    }
    await onSave(changes);
  };

  return (
    <Form record={formRecord(device)} onSubmit={submit} resource={schema.name} noValidate>
      <SchemaInputs
        schema={schema}
        readOnly={readOnly}
        exclude={NOT_GENERIC}
        readOnlySources={device.ID === null ? [] : ['MID']}
      />
      <Grid container columnSpacing={2}>
        <PlatformModelInputs device={device} readOnly={readOnly} />
        <AssignmentInputs device={device} readOnly={readOnly} />
        <LicenceField
          device={device}
          canSave={props.canSave}
          editing={editing}
          assigning={props.assigning}
          onAssign={props.onAssignLicence}
        />
      </Grid>
      <FormButtons {...props} />
    </Form>
  );
}

function FormButtons({ editing, canSave, onEdit, onCancel }: DeviceFormProps) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    // Kept in view at the bottom of the scrolling dialog, however long the form.
    <Stack
      direction="row"
      spacing={1}
      sx={{
        justifyContent: 'flex-end',
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
        py: 1.5,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      {editing ? (
        <>
          <Button onClick={onCancel} disabled={isSubmitting}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={isSubmitting}
          >
            {translate('ra.action.save')}
          </Button>
        </>
      ) : (
        canSave && (
          <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit}>
            {translate('device_edit.edit')}
          </Button>
        )
      )}
    </Stack>
  );
}

import { useRef, useState } from 'react';
import { Grid } from '@mui/material';
import { Confirm, SelectInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { DeviceForEdit, NamedRow } from '../../../dataProvider';

interface AssignmentInputsProps {
  device: DeviceForEdit;
  readOnly: boolean;
}

/** The empty choice is no application or no user: null on the wire. */
const emptyAsNull = (value: unknown) => (value === '' ? null : value);

const nameOf = (row: NamedRow) => row.NAME ?? `#${row.ID}`;

/** The lists hold up to 1000 rows: the device's own choice is kept even when it is not among them. */
function withCurrent<T extends NamedRow>(rows: T[], current: NamedRow | null): NamedRow[] {
  if (!current || rows.some((row) => row.ID === current.ID)) return rows;
  return [...rows, current];
}

/**
 * Aplicación and Usuario. Changing the user of a licensed device that is ready (001 §4) asks
 * first; cancelling puts the previous user back in the form.
 */
export function AssignmentInputs({ device, readOnly }: AssignmentInputsProps) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const guarded = device.Licensed && device.Ready;
  const confirmedUser = useRef<unknown>(device.IDUSER);
  const [asking, setAsking] = useState(false);

  const onUserChange = () => {
    if (guarded && getValues('IDUSER') !== confirmedUser.current) setAsking(true);
    else confirmedUser.current = getValues('IDUSER');
  };
  const keep = () => {
    confirmedUser.current = getValues('IDUSER');
    setAsking(false);
  };
  const restore = () => {
    setValue('IDUSER', confirmedUser.current, { shouldDirty: true });
    setAsking(false);
  };

  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          source="IDAPPLICATION"
          label={translate('device_edit.fields.application')}
          choices={withCurrent(device.AllApplication, device.Application)}
          optionValue="ID"
          optionText={nameOf}
          emptyText="device_edit.fields.none"
          parse={emptyAsNull}
          readOnly={readOnly}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          source="IDUSER"
          label={translate('device_edit.fields.user')}
          choices={withCurrent(device.AllUsers, device.User)}
          optionValue="ID"
          optionText={nameOf}
          emptyText="device_edit.fields.none"
          parse={emptyAsNull}
          readOnly={readOnly}
          onChange={onUserChange}
          fullWidth
        />
      </Grid>
      <Confirm
        isOpen={asking}
        title="device_edit.licence.confirm_user_title"
        content="device_edit.licence.confirm_user"
        onConfirm={keep}
        onClose={restore}
      />
    </>
  );
}

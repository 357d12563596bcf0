import { Grid } from '@mui/material';
import { SelectInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { usePlatformLabel } from '../../mam/platforms';
import type { DeviceForEdit } from '../../../dataProvider';
import { ModelInput } from './ModelInput';

interface PlatformModelInputsProps {
  device: DeviceForEdit;
  readOnly: boolean;
}

const modelsOf = (device: DeviceForEdit, platform: unknown) =>
  device.AllPlatforms.find((choice) => choice.platform === platform)?.models.map((m) => m.model) ??
  [];

/** Plataforma (the project's active platforms) and Modelo (that platform's models, or any text). */
export function PlatformModelInputs({ device, readOnly }: PlatformModelInputsProps) {
  const translate = useTranslate();
  const platformLabel = usePlatformLabel();
  const { getValues, setValue } = useFormContext();
  const platform = useWatch({ name: 'DEVICE_TYPE' });
  // An inactive platform stays offered to the device that already has it.
  const choices = device.AllPlatforms.filter(
    (choice) => choice.active || choice.platform === device.DEVICE_TYPE,
  ).map((choice) => ({ id: choice.platform, name: platformLabel(choice.platform) }));

  // A listed model belongs to one platform: it does not follow the device to another one.
  const onPlatformChange = (event: { target?: { value?: unknown } }) => {
    const model = getValues('MODEL');
    const before = device.AllPlatforms.flatMap((choice) => choice.models.map((m) => m.model));
    if (model && before.includes(model) && !modelsOf(device, event.target?.value).includes(model))
      setValue('MODEL', null, { shouldDirty: true });
  };

  return (
    <>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectInput
          source="DEVICE_TYPE"
          label={translate('device_edit.fields.platform')}
          choices={choices}
          emptyText="device_edit.fields.none"
          readOnly={readOnly}
          onChange={onPlatformChange}
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <ModelInput
          source="MODEL"
          label={translate('device_edit.fields.model')}
          models={modelsOf(device, platform)}
          readOnly={readOnly}
        />
      </Grid>
    </>
  );
}

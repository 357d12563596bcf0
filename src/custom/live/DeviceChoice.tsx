import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LiveDevice } from '../../../protocol/live';

/** Which of the project's live devices the grid shows; remembered per user and project. */
export interface Choice {
  group: string;
  platform: string;
  search: string;
}

export const NO_CHOICE: Choice = { group: '', platform: '', search: '' };

export function chooseDevices(devices: LiveDevice[], choice: Choice): LiveDevice[] {
  const search = choice.search.trim().toLowerCase();
  return devices
    .filter((device) => !choice.group || device.group === choice.group)
    .filter((device) => !choice.platform || device.type === choice.platform)
    .filter(
      (device) =>
        !search ||
        device.name.toLowerCase().includes(search) ||
        device.id.toLowerCase().includes(search),
    )
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

const distinct = (values: string[]) => [...new Set(values.filter(Boolean))].sort();

interface DeviceChoiceProps {
  devices: LiveDevice[];
  choice: Choice;
  onChange(choice: Choice): void;
}

export function DeviceChoice({ devices, choice, onChange }: DeviceChoiceProps) {
  const translate = useTranslate();
  const select = (field: 'group' | 'platform', values: string[]) => (
    <TextField
      select
      size="small"
      label={translate(`live.choose.${field}`)}
      value={values.includes(choice[field]) || !choice[field] ? choice[field] : ''}
      onChange={(event) => onChange({ ...choice, [field]: event.target.value })}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="">{translate('live.choose.all')}</MenuItem>
      {values.map((value) => (
        <MenuItem key={value} value={value}>
          {value}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {select('group', distinct(devices.map((device) => device.group)))}
      {select('platform', distinct(devices.map((device) => device.type)))}
      <TextField
        size="small"
        type="search"
        label={translate('live.choose.search')}
        value={choice.search}
        onChange={(event) => onChange({ ...choice, search: event.target.value })}
      />
    </Stack>
  );
}

import { FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  commonSettingsOf,
  readSetting,
  writeSetting,
  type CommonSetting,
} from '../../../protocol/mdm/common-settings';
import { settingPath } from '../../../protocol/mdm/policy-issues';
import type { PolicyDocument, PolicyPlatform } from '../../../protocol/mdm/policy-schema';

interface PolicySettingsFormProps {
  platform: PolicyPlatform;
  document: PolicyDocument;
  onChange(document: PolicyDocument): void;
  name: string;
  onName(name: string): void;
  description: string;
  onDescription(description: string): void;
  readOnly: boolean;
  /** The JSON tab holds a text that is not JSON: the form waits until it is. */
  disabled: boolean;
}

/**
 * The policy's name and description and the settings every platform has
 * (protocol/mdm/common-settings.ts), each written to the platform's own setting of the document,
 * whose path is shown under it.
 */
export function PolicySettingsForm(props: PolicySettingsFormProps) {
  const translate = useTranslate();
  const { platform, document, onChange, readOnly, disabled } = props;
  const locked = readOnly || disabled;
  const where = (setting: CommonSetting) =>
    translate('mdm.settings.written_as', {
      path: settingPath(setting.platforms[platform]!.path),
    });
  const set = (setting: CommonSetting, value: boolean | number | string | null) =>
    onChange(writeSetting(document, platform, setting, value));
  // A read-only form's paths stay readable (the disabled grey measured 2.66:1 on the page).
  const helper = { sx: { '&.Mui-disabled': { color: 'text.secondary' } } };

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <TextField
        label={translate('resources.mdm-policies.fields.name')}
        value={props.name}
        onChange={(event) => props.onName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 100 } }}
        disabled={readOnly}
        required
        size="small"
      />
      <TextField
        label={translate('resources.mdm-policies.fields.description')}
        value={props.description}
        onChange={(event) => props.onDescription(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
        disabled={readOnly}
        multiline
        size="small"
      />
      <Typography variant="body2" color="text.secondary">
        {translate('mdm.settings.intro')}
      </Typography>
      {commonSettingsOf(platform).map((setting) => {
        const value = readSetting(document, platform, setting);
        const label = translate(`mdm.settings.${setting.key}`);
        if (setting.type === 'boolean') {
          return (
            <div key={setting.key}>
              <FormControlLabel
                control={
                  <Switch
                    checked={value === true}
                    onChange={(event) => set(setting, event.target.checked)}
                    disabled={locked}
                  />
                }
                label={label}
              />
              <Typography variant="caption" color="text.secondary" component="div" sx={{ ml: 6 }}>
                {where(setting)}
              </Typography>
            </div>
          );
        }
        if (setting.type === 'number') {
          return (
            <TextField
              key={setting.key}
              type="number"
              size="small"
              label={label}
              value={value ?? ''}
              onChange={(event) =>
                set(setting, event.target.value === '' ? null : Number(event.target.value))
              }
              slotProps={{
                htmlInput: { min: setting.min?.[platform] ?? 0, max: setting.max, step: 1 },
                formHelperText: helper,
              }}
              helperText={where(setting)}
              disabled={locked}
              sx={{ maxWidth: 320 }}
            />
          );
        }
        return (
          <TextField
            key={setting.key}
            select
            size="small"
            label={label}
            value={value ?? ''}
            onChange={(event) =>
              set(setting, event.target.value === '' ? null : event.target.value)
            }
            helperText={where(setting)}
            disabled={locked}
            // A setting not set says so ("Sin definir"), not an empty box.
            slotProps={{
              select: { displayEmpty: true },
              inputLabel: { shrink: true },
              formHelperText: helper,
            }}
            sx={{ maxWidth: 320 }}
          >
            <MenuItem value="">{translate('mdm.settings.not_set')}</MenuItem>
            {setting.choices!.map((code) => (
              <MenuItem key={code} value={code}>
                {translate(`mdm.settings.choices.${code}`)}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Stack>
  );
}

import {
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Alert,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CommandName } from '../../../../protocol/commands';
import {
  COMMAND_FIELDS,
  messageMax,
  NEEDS_CONFIRMATION,
  type CommandValues,
} from './commandCatalog';

interface CommandFieldsProps {
  cmd: CommandName;
  devices: number;
  values: CommandValues;
  errors: Partial<Record<keyof CommandValues, string>>;
  /** Errors show once the operator tried to send, not while typing the first digit. */
  showErrors: boolean;
  onChange: (changes: Partial<CommandValues>) => void;
}

/** The inputs a command needs (001 §3), and the explicit yes of wipe and reboot (001 §5). */
export function CommandFields({
  cmd,
  devices,
  values,
  errors,
  showErrors,
  onChange,
}: CommandFieldsProps) {
  const translate = useTranslate();
  const fields = COMMAND_FIELDS[cmd];
  const error = (field: keyof CommandValues) =>
    showErrors && errors[field] ? translate(errors[field]) : undefined;
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      {fields.includes('title') && (
        <TextField
          label={translate('remote.command.title_field')}
          value={values.title}
          onChange={(event) => onChange({ title: event.target.value })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      )}
      {(fields.includes('message') || fields.includes('requiredMessage')) && (
        <TextField
          label={translate('remote.command.message')}
          value={values.message}
          required={fields.includes('requiredMessage')}
          multiline
          minRows={2}
          error={!!error('message')}
          // The limit is shown while typing, not found out when the device cuts the text.
          helperText={
            error('message') ??
            translate('remote.command.count', {
              count: values.message.length,
              max: messageMax(cmd),
            })
          }
          onChange={(event) => onChange({ message: event.target.value })}
          slotProps={{ htmlInput: { maxLength: messageMax(cmd) } }}
        />
      )}
      {fields.includes('password') && (
        <TextField
          label={translate('remote.command.password')}
          value={values.password}
          type="password"
          autoComplete="new-password"
          error={!!error('password')}
          helperText={error('password') ?? translate('remote.command.password_help')}
          onChange={(event) => onChange({ password: event.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 64 } }}
        />
      )}
      {fields.includes('packageName') && (
        <TextField
          label={translate('remote.command.package')}
          value={values.packageName}
          required
          error={!!error('packageName')}
          helperText={error('packageName')}
          placeholder="com.example.app"
          onChange={(event) => onChange({ packageName: event.target.value })}
        />
      )}
      {fields.includes('enabled') && (
        <FormControlLabel
          control={
            <Switch
              checked={values.enabled}
              onChange={(event) => onChange({ enabled: event.target.checked })}
            />
          }
          label={translate('remote.command.enabled')}
        />
      )}
      {fields.includes('policy') && (
        <>
          <TextField
            select
            label={translate('remote.command.system_update')}
            value={values.systemUpdate}
            onChange={(event) =>
              onChange({ systemUpdate: event.target.value as CommandValues['systemUpdate'] })
            }
          >
            <MenuItem value="automatic">{translate('remote.command.automatic')}</MenuItem>
            <MenuItem value="postpone">{translate('remote.command.postpone')}</MenuItem>
          </TextField>
          <TextField
            select
            label={translate('remote.command.permission')}
            value={values.permission}
            onChange={(event) =>
              onChange({ permission: event.target.value as CommandValues['permission'] })
            }
          >
            <MenuItem value="prompt">{translate('remote.command.prompt')}</MenuItem>
            <MenuItem value="auto_grant">{translate('remote.command.auto_grant')}</MenuItem>
          </TextField>
        </>
      )}
      {fields.includes('factoryReset') && (
        <FormControlLabel
          control={
            <Switch
              checked={values.allowFactoryReset}
              onChange={(event) => onChange({ allowFactoryReset: event.target.checked })}
            />
          }
          label={translate('remote.command.factory_reset')}
        />
      )}
      {NEEDS_CONFIRMATION.includes(cmd) && (
        <Alert severity="warning">
          {translate(`remote.command.confirm_${cmd}`, { smart_count: devices })}
          <FormControlLabel
            sx={{ display: 'flex' }}
            control={
              <Checkbox
                checked={values.confirmed}
                onChange={(event) => onChange({ confirmed: event.target.checked })}
              />
            }
            label={translate('remote.command.confirm_check')}
          />
        </Alert>
      )}
    </Stack>
  );
}

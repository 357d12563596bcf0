import {
  Checkbox,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Alert,
} from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { QUEUE_EXPIRY_HOURS, type CommandName } from '../../../../protocol/commands';
import { formatDateTime } from '../../../i18n/formats';
import {
  COMMAND_FIELDS,
  messageMax,
  NEEDS_CONFIRMATION,
  type CommandValues,
} from './commandCatalog';
import { TYPED_CONFIRMATION } from './commandGroups';

interface CommandFieldsProps {
  cmd: CommandName;
  devices: number;
  /** The devices' MIDs: a destructive command is confirmed by typing the one device's MID. */
  mids?: readonly string[];
  /**
   * A toggle's state as the one device last reported it: null when it never did, undefined
   * when it does not apply (several devices, another command).
   */
  current?: { enabled: boolean; at: string } | null;
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
  mids = [],
  current,
  values,
  errors,
  showErrors,
  onChange,
}: CommandFieldsProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
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
      {fields.includes('enabled') && current !== undefined && (
        <Alert severity="info" data-testid="toggle-current">
          {current
            ? translate('remote.command.current', {
                state: translate(`remote.command.${current.enabled ? 'on' : 'off'}`),
                at: formatDateTime(current.at, language),
              })
            : translate('remote.command.current_unknown')}
        </Alert>
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
      <TextField
        select
        label={translate('remote.command.expiry')}
        value={values.expiry}
        helperText={translate('remote.command.expiry_help')}
        onChange={(event) => onChange({ expiry: Number(event.target.value) })}
      >
        {QUEUE_EXPIRY_HOURS.choices.map((hours) => (
          <MenuItem key={hours} value={hours}>
            {hours < 24
              ? translate('remote.command.expiry_hours', { smart_count: hours })
              : translate('remote.command.expiry_days', { smart_count: hours / 24 })}
          </MenuItem>
        ))}
      </TextField>
      {TYPED_CONFIRMATION.includes(cmd) && (
        <Alert severity="error" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
          {cmd === 'wipe'
            ? translate('remote.command.confirm_wipe', { smart_count: devices })
            : translate('remote.command.confirm_lock', { smart_count: devices })}
          {cmd === 'wipe' && values.allowFactoryReset && (
            <> {translate('remote.command.confirm_factory')}</>
          )}
          <TextField
            fullWidth
            size="small"
            sx={{ mt: 1.5 }}
            label={translate('remote.command.typed_label')}
            value={values.typed}
            autoComplete="off"
            error={!!error('typed')}
            helperText={
              error('typed') ??
              (mids.length === 1
                ? translate('remote.command.typed_one', { mid: mids[0] })
                : translate('remote.command.typed_many', { count: mids.length }))
            }
            onChange={(event) => onChange({ typed: event.target.value })}
            slotProps={{ htmlInput: { 'data-testid': 'typed-confirmation', spellCheck: false } }}
          />
        </Alert>
      )}
      {NEEDS_CONFIRMATION.includes(cmd) && !TYPED_CONFIRMATION.includes(cmd) && (
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

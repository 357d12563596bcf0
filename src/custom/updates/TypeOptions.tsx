import {
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  UPDATE_PLATFORMS,
  UPDATE_TYPE_NAMES,
  type UpdateTypeName,
} from '../../../protocol/updates';

interface TypeOptionsProps {
  type: UpdateTypeName | '';
  onType(type: UpdateTypeName): void;
  /** A licence update forced by the device list or by a group manager's rights. */
  typeLocked: boolean;
  platform: number;
  onPlatform(code: number): void;
  repository: boolean;
  onRepository(on: boolean): void;
  sendPush: boolean;
  onSendPush(on: boolean): void;
  disabled: boolean;
}

/**
 * The type (labels, never codes), the platform by code with its name (000 §3), the
 * update-repository toggle (always on, and fixed, for a general update: 000 §5) and SendPush.
 */
export function TypeOptions(props: TypeOptionsProps) {
  const translate = useTranslate();
  const general = props.type === 'GENERAL';
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} useFlexGap sx={{ gap: 2, flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label={translate('updates.new.type')}
        value={props.type}
        disabled={props.disabled || props.typeLocked}
        onChange={(event) => props.onType(event.target.value as UpdateTypeName)}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="" disabled>
          {translate('updates.new.choose')}
        </MenuItem>
        {UPDATE_TYPE_NAMES.map((name) => (
          <MenuItem key={name} value={name}>
            {translate(`updates.types.${name}`)}
          </MenuItem>
        ))}
      </TextField>
      {props.type === 'PLATAFORMA' && (
        <TextField
          select
          size="small"
          label={translate('updates.new.platform')}
          value={props.platform}
          disabled={props.disabled}
          onChange={(event) => props.onPlatform(Number(event.target.value))}
          sx={{ minWidth: 200 }}
        >
          {UPDATE_PLATFORMS.filter((platform) => platform.code !== 0).map((platform) => (
            <MenuItem key={platform.code} value={platform.code}>
              {platform.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Stack>
        <FormControlLabel
          control={
            <Switch
              checked={props.repository}
              disabled={props.disabled || general}
              onChange={(event) => props.onRepository(event.target.checked)}
            />
          }
          label={translate('updates.new.repository')}
        />
        {general && <FormHelperText>{translate('updates.new.repository_general')}</FormHelperText>}
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={props.sendPush}
            disabled={props.disabled}
            onChange={(event) => props.onSendPush(event.target.checked)}
          />
        }
        label={translate('updates.new.send_push')}
      />
    </Stack>
  );
}

import { FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  DATE_ORDERS,
  DB_ENGINES,
  NUMBER_MAX,
  ReplicatorType,
} from '../../../../protocol/replicator';

interface ValueInputProps {
  type: number;
  value: string;
  onChange(value: string): void;
  label: string;
  error: string | null;
  disabled: boolean;
}

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7'];

/**
 * The input of a replicator setting's value by its type (000 §5): a list for a date order, an
 * engine and a digit, a switch for true or false, a number up to 10000, or a text.
 */
export function ValueInput({ type, value, onChange, label, error, disabled }: ValueInputProps) {
  const translate = useTranslate();
  const common = {
    label,
    value,
    disabled,
    fullWidth: true,
    error: error !== null,
    helperText: error ?? ' ',
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  const select = (codes: readonly string[], text: (code: string) => string) => (
    <TextField select {...common}>
      {codes.map((code) => (
        <MenuItem key={code} value={code}>
          {text(code)}
        </MenuItem>
      ))}
    </TextField>
  );
  switch (type) {
    case ReplicatorType.dateOrder:
      return select(DATE_ORDERS, (code) => translate(`projectSettings.dateOrders.${code}`));
    case ReplicatorType.dbEngine:
      return select(DB_ENGINES, (code) => translate(`projectSettings.engines.${code}`));
    case ReplicatorType.digit:
      return select(DIGITS, (code) => translate(`projectSettings.logLevels.${code}`));
    case ReplicatorType.boolean:
      return (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Switch
              checked={value === 'true'}
              onChange={(event) => onChange(event.target.checked ? 'true' : 'false')}
            />
          }
        />
      );
    case ReplicatorType.number:
      return (
        <TextField
          {...common}
          type="number"
          slotProps={{ htmlInput: { min: 0, max: NUMBER_MAX, step: 1, inputMode: 'numeric' } }}
        />
      );
    default:
      return <TextField {...common} multiline minRows={2} />;
  }
}

import { Box, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MAX_FILTER_VALUE_LENGTH, type OperatorCode } from '../../../protocol/filters';
import { isDateField, isNumericField, type FieldSchema } from '../../../protocol/resource-schema';
import {
  joinDayRange,
  operatorChoices,
  operatorLabelKey,
  splitDayRange,
  type FilterEntry,
} from './filterRowModel';

interface FilterCellProps {
  field: FieldSchema;
  label: string;
  entry: FilterEntry;
  /** No new filter may start (the limit is reached); an active one stays editable. */
  disabled: boolean;
  onChange: (entry: FilterEntry) => void;
}

const inputSx = { '& input': { py: 0.75 } };

/** One column of the filter row: its operator and its value (a pair of days for a date). */
export function FilterCell({ field, label, entry, disabled, onChange }: FilterCellProps) {
  const translate = useTranslate();
  const named = (key: string) => translate(`schema.filter_row.${key}`, { field: label });
  const setValue = (value: string) => onChange({ ...entry, value });
  const days = splitDayRange(entry.value);

  return (
    <Box
      role="group"
      aria-label={label}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        // A date needs room for two day pickers beside its operator.
        flex: isDateField(field) ? '1 1 380px' : '1 1 220px',
        maxWidth: { sm: isDateField(field) ? 440 : 300 },
      }}
    >
      <Typography variant="caption" color="text.secondary" noWrap>
        {label}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ minWidth: 0 }}>
        <TextField
          select
          size="small"
          value={entry.operator}
          onChange={(event) =>
            onChange({ ...entry, operator: Number(event.target.value) as OperatorCode })
          }
          slotProps={{ select: { native: true }, htmlInput: { 'aria-label': named('operator') } }}
          // react-admin's theme makes text fields 100% wide on phones; the basis and cap win.
          sx={{ flex: '0 0 120px', maxWidth: 120, '& select': { py: 0.75 } }}
        >
          {operatorChoices(field).map((code) => (
            <option key={code} value={code}>
              {translate(operatorLabelKey(field, code))}
            </option>
          ))}
        </TextField>
        {isDateField(field) ? (
          <>
            <TextField
              type="date"
              size="small"
              value={days.from}
              disabled={disabled}
              onChange={(event) => setValue(joinDayRange(event.target.value, days.to))}
              slotProps={{ htmlInput: { 'aria-label': named('from') } }}
              sx={{ ...inputSx, flex: 1, minWidth: 0 }}
            />
            <TextField
              type="date"
              size="small"
              value={days.to}
              disabled={disabled}
              onChange={(event) => setValue(joinDayRange(days.from, event.target.value))}
              slotProps={{ htmlInput: { 'aria-label': named('to') } }}
              sx={{ ...inputSx, flex: 1, minWidth: 0 }}
            />
          </>
        ) : (
          <TextField
            type={isNumericField(field) ? 'number' : 'search'}
            size="small"
            value={entry.value}
            disabled={disabled}
            onChange={(event) => setValue(event.target.value)}
            slotProps={{
              htmlInput: {
                'aria-label': named('value'),
                maxLength: MAX_FILTER_VALUE_LENGTH,
                ...(isNumericField(field) ? { step: 'any', inputMode: 'decimal' } : {}),
              },
            }}
            sx={{ ...inputSx, flex: 1, minWidth: 0 }}
          />
        )}
      </Stack>
    </Box>
  );
}

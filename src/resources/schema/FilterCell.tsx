import { Box, Stack, TextField, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import {
  MAX_FILTER_VALUE_LENGTH,
  NumericOperator,
  TextOperator,
  type OperatorCode,
} from '../../../protocol/filters';
import { isDateField, isNumericField, type FieldSchema } from '../../../protocol/resource-schema';
import {
  joinDayRange,
  operatorChoices,
  operatorLabelKey,
  splitDayRange,
  type FilterEntry,
} from './filterRowModel';
import { NumberFilterInput } from './NumberFilterInput';

interface FilterCellProps {
  field: FieldSchema;
  label: string;
  entry: FilterEntry;
  /** No new filter may start (the limit is reached); an active one stays editable. */
  disabled: boolean;
  onChange: (entry: FilterEntry) => void;
  /** The operators offered, when the list narrows those of the field's type. */
  operators?: OperatorCode[];
}

const inputSx = { '& input': { py: 0.75 } };

const EQUALITY: readonly OperatorCode[] = [
  TextOperator.equals,
  TextOperator.notEquals,
  NumericOperator.equals,
  NumericOperator.notEquals,
];

/**
 * A yes/no field, a field with choices compared whole, or one code of a list of codes: picked
 * from its labels, not typed.
 */
function valueOptions(
  field: FieldSchema,
  operator: OperatorCode,
  language: 'es' | 'en',
  translate: (key: string) => string,
) {
  if (field.type === 'boolean') {
    return [
      { value: 'true', label: translate('ra.boolean.true') },
      { value: 'false', label: translate('ra.boolean.false') },
    ];
  }
  if (field.choices && (EQUALITY.includes(operator) || field.codeList)) {
    return field.choices.map((c) => ({ value: String(c.code), label: c.label[language] }));
  }
  return null;
}

/** One column of the filter row: its operator and its value (a pair of days for a date). */
export function FilterCell(props: FilterCellProps) {
  const { field, label, entry, disabled, onChange, operators = operatorChoices(field) } = props;
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const options = valueOptions(field, entry.operator, language, translate);
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
          {operators.map((code) => (
            <option key={code} value={code}>
              {translate(operatorLabelKey(field, code))}
            </option>
          ))}
        </TextField>
        {options ? (
          <TextField
            select
            size="small"
            value={entry.value}
            disabled={disabled}
            onChange={(event) => setValue(event.target.value)}
            slotProps={{ select: { native: true }, htmlInput: { 'aria-label': named('value') } }}
            sx={{ flex: 1, minWidth: 0, '& select': { py: 0.75 } }}
          >
            <option value="" />
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
        ) : isDateField(field) ? (
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
        ) : isNumericField(field) ? (
          <NumberFilterInput
            value={entry.value}
            onChange={setValue}
            disabled={disabled}
            ariaLabel={named('value')}
          />
        ) : (
          <TextField
            type="search"
            size="small"
            value={entry.value}
            disabled={disabled}
            onChange={(event) => setValue(event.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': named('value'), maxLength: MAX_FILTER_VALUE_LENGTH },
            }}
            sx={{ ...inputSx, flex: 1, minWidth: 0 }}
          />
        )}
      </Stack>
    </Box>
  );
}

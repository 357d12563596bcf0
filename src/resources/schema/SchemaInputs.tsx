import { useMemo } from 'react';
import { Grid } from '@mui/material';
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  TextInput,
  useLocale,
  useRecordContext,
} from 'react-admin';
import {
  isNumericField,
  TEXT_AREA_FROM,
  type FieldSchema,
  type ResourceSchema,
} from '../../../protocol/resource-schema';
import { useFieldLabel } from './fieldLabel';
import { definitionValidator, languageOf } from './fieldValidator';
import { LocaleNumberInput } from '../factory/LocaleNumberInput';

export interface SchemaInputsProps {
  schema: ResourceSchema;
  /** View mode: every input read-only. `disabled` means the same (values are still submitted). */
  readOnly?: boolean;
  disabled?: boolean;
  /** Fields kept read-only whatever the schema says, e.g. the MID of an existing device. */
  readOnlySources?: readonly string[];
  /** Fields the screen edits with its own inputs. */
  exclude?: readonly string[];
}

/**
 * The edit form's inputs of a schema-driven resource (001 §5 Record editing): one react-admin
 * input per field with `edit`, in schema order, in two columns (one on small screens). Dates use
 * react-admin's date pickers and texts longer than TEXT_AREA_FROM a text area.
 */
export function SchemaInputs({
  schema,
  readOnly = false,
  disabled = false,
  readOnlySources = [],
  exclude = [],
}: SchemaInputsProps) {
  const label = useFieldLabel(schema.name);
  const fields = schema.fields.filter((field) => field.edit && !exclude.includes(field.source));
  return (
    <Grid container columnSpacing={2}>
      {fields.map((field) => (
        <SchemaInput
          key={field.source}
          field={field}
          label={label(field)}
          readOnly={
            readOnly || disabled || field.readOnly || readOnlySources.includes(field.source)
          }
        />
      ))}
    </Grid>
  );
}

interface SchemaInputProps {
  field: FieldSchema;
  label: string;
  readOnly: boolean;
}

/** A text area when the field may hold long text, or (no declared length) already does. */
function isLongText(field: FieldSchema, value: unknown): boolean {
  if (field.type !== 'text') return false;
  if (field.maxLength !== null) return field.maxLength > TEXT_AREA_FROM;
  return typeof value === 'string' && value.length > TEXT_AREA_FROM;
}

function SchemaInput({ field, label, readOnly }: SchemaInputProps) {
  const record = useRecordContext<Record<string, unknown>>();
  const locale = useLocale();
  // Memoised so that react-hook-form does not see a new rule set on every render.
  const validate = useMemo(
    () => definitionValidator(field, label, languageOf(locale)),
    [field, label, locale],
  );
  // Decided from the value the form opened with: switching while typing would lose the focus.
  const multiline = isLongText(field, record?.[field.source]);
  const common = {
    source: field.source,
    label,
    readOnly,
    validate,
    fullWidth: true,
  };

  let input;
  if (field.type === 'date') input = <DateInput {...common} />;
  else if (field.type === 'datetime') input = <DateTimeInput {...common} />;
  else if (field.type === 'boolean') input = <BooleanInput {...common} />;
  else if (isNumericField(field)) input = <LocaleNumberInput {...common} />;
  else input = <TextInput {...common} multiline={multiline} minRows={multiline ? 3 : undefined} />;

  return <Grid size={multiline ? 12 : { xs: 12, sm: 6 }}>{input}</Grid>;
}

import { useMemo } from 'react';
import {
  BooleanInput,
  DateInput,
  DateTimeInput,
  PasswordInput,
  ReferenceInput,
  SelectInput,
  TextInput,
  useLocale,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import {
  isNumericField,
  TEXT_AREA_FROM,
  type FieldSchema,
} from '../../../protocol/resource-schema';
import { resourceDefinition } from '../declared';
import { definitionValidator, languageOf } from '../schema/fieldValidator';
import { choicesOf } from './choices';
import { jsonInputFormat, jsonInputParse } from './jsonInput';
import { LocaleNumberInput } from './LocaleNumberInput';
import { ProjectReferenceInput, ReferencePicker } from './ProjectReferenceInput';
import { ReferenceChecklist } from './ReferenceChecklist';
import { useAvailability } from './useAvailability';

interface DefinitionInputProps {
  field: FieldSchema;
  label: string;
  disabled: boolean;
}

/** Long text, or (no declared length) a text that already is long, is edited in a text area. */
function isMultiline(field: FieldSchema, value: unknown) {
  if (field.type === 'longtext' || field.type === 'json') return true;
  if (field.type !== 'text') return false;
  if (field.maxLength !== null) return field.maxLength > TEXT_AREA_FROM;
  return typeof value === 'string' && value.length > TEXT_AREA_FROM;
}

/**
 * One input of a declared form, chosen by the field's type, with the inline validators of its
 * declared rules (the server's own texts, protocol/resource-validation.ts).
 */
export function DefinitionInput({ field, label, disabled }: DefinitionInputProps) {
  const record = useRecordContext<Record<string, unknown>>();
  const language = languageOf(useLocale());
  // Memoised so that react-hook-form does not see a new rule set on every render.
  const validate = useMemo(
    () => definitionValidator(field, label, language),
    [field, label, language],
  );
  const common = { source: field.source, label, validate, disabled, fullWidth: true };

  if (field.choices) return <SelectInput {...common} choices={choicesOf(field, language)} />;
  // Read in the console's language ("3,25" in Spanish); min and max are in the validator.
  if (isNumericField(field)) return <LocaleNumberInput {...common} />;
  switch (field.type) {
    case 'boolean':
      return <BooleanInput {...common} />;
    case 'date':
      return <DateInput {...common} />;
    case 'datetime':
      return <DateTimeInput {...common} />;
    case 'password':
      return <PasswordInput {...common} autoComplete="new-password" />;
    case 'json':
      return (
        <TextInput
          {...common}
          multiline
          minRows={3}
          format={jsonInputFormat}
          parse={jsonInputParse}
        />
      );
    case 'reference': {
      const target = field.reference ? resourceDefinition(field.reference) : undefined;
      if (target && field.multiple && !field.projectField) {
        return (
          <ReferenceChecklist
            source={field.source}
            label={label}
            target={target}
            validate={validate}
            disabled={disabled}
          />
        );
      }
      if (target?.verbs.list && field.projectField) {
        const props = { target, label, validate, disabled };
        return (
          <ProjectReferenceInput
            field={{ ...field, projectField: field.projectField }}
            {...props}
          />
        );
      }
      if (target?.verbs.list) {
        return (
          <ReferenceInput source={field.source} reference={target.name}>
            <ReferencePicker
              target={target}
              label={label}
              validate={validate}
              disabled={disabled}
            />
          </ReferenceInput>
        );
      }
      return <TextInput {...common} />;
    }
    default: {
      if (field.available) return <AvailableTextInput {...common} field={field} />;
      const multiline = isMultiline(field, record?.[field.source]);
      return <TextInput {...common} multiline={multiline} minRows={multiline ? 3 : undefined} />;
    }
  }
}

type CommonProps = {
  source: string;
  label: string;
  validate: ReturnType<typeof definitionValidator>;
  disabled: boolean;
  fullWidth: boolean;
};

/**
 * A text whose value must be free (a login): the server is asked while it is typed, the answer
 * shown under the input, and a taken value refused before anything is sent.
 */
function AvailableTextInput({ field, validate, ...common }: CommonProps & { field: FieldSchema }) {
  const translate = useTranslate();
  const availability = useAvailability(field);
  const rules = useMemo(
    () => [
      ...[validate].flat(),
      () => (availability === 'taken' ? 'factory.available.taken' : undefined),
    ],
    [validate, availability],
  );
  const helper =
    availability === 'checking'
      ? translate('factory.available.checking')
      : availability === 'available'
        ? translate('factory.available.yes')
        : availability === 'taken'
          ? translate('factory.available.taken')
          : undefined;
  return <TextInput {...common} validate={rules} helperText={helper} autoComplete="off" />;
}

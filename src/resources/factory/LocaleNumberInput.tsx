import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useLocale, type Validator } from 'react-admin';
import { formatDecimal, numberValue, parseNumber, type NumberRefusal } from '../../i18n/numbers';
import { languageOf } from '../schema/fieldValidator';

interface LocaleNumberInputProps {
  source: string;
  label: string;
  validate?: Validator | Validator[];
  disabled?: boolean;
  readOnly?: boolean;
  fullWidth?: boolean;
}

/**
 * A number input that reads what is typed in the console's language (src/i18n/numbers.ts):
 * "3,25" is 3.25 in Spanish, "3.25" in English. It is a text input (a browser's number input
 * follows the browser's locale, not the console's, and drops what it cannot read); the form
 * keeps a number, or the decimal text when a number would lose digits. What cannot be read
 * stays as typed and is refused with the reason, before anything is sent.
 */
export function LocaleNumberInput(props: LocaleNumberInputProps) {
  const { source, label, validate, disabled, readOnly, fullWidth } = props;
  const language = languageOf(useLocale());
  const refused = useRef<{ reason: NumberRefusal; text: string } | null>(null);
  const rules = useMemo<Validator[]>(() => {
    const readable: Validator = () =>
      refused.current
        ? {
            message: `numbers.refused.${refused.current.reason}`,
            args: { text: refused.current.text },
          }
        : undefined;
    return [readable, ...[validate ?? []].flat()];
  }, [validate]);
  const { field, fieldState, id, isRequired } = useInput({
    source,
    validate: rules,
    disabled,
    readOnly,
  });
  const shown = (value: unknown) =>
    value === null || value === undefined || value === '' ? '' : formatDecimal(value, language);
  const [text, setText] = useState(() => shown(field.value));
  // The value this input last gave the form: any other comes from outside.
  const given = useRef<unknown>(field.value);

  // A value set from outside (a record loaded, the form reset): shown in the language.
  useEffect(() => {
    if (Object.is(field.value, given.current)) return;
    given.current = field.value;
    refused.current = null;
    setText(shown(field.value));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shown follows language
  }, [field.value]);
  // The language changed: a readable value is shown in the new one.
  useEffect(() => {
    if (!refused.current) setText(shown(given.current));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- shown follows language
  }, [language]);

  const give = (value: unknown) => {
    given.current = value;
    field.onChange(value);
  };
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    setText(typed);
    if (typed.trim() === '') {
      refused.current = null;
      give(null);
      return;
    }
    const parsed = parseNumber(typed, language);
    refused.current = parsed.ok ? null : { reason: parsed.reason, text: typed.trim() };
    give(parsed.ok ? numberValue(parsed.decimal) : typed);
  };
  const blur = () => {
    field.onBlur();
    if (!refused.current) setText(shown(field.value));
  };

  const error = fieldState.error?.message;
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={text}
      onChange={change}
      onBlur={blur}
      disabled={disabled}
      fullWidth={fullWidth}
      size="small"
      margin="dense"
      className={`ra-input ra-input-${source}`}
      label={<FieldTitle label={label} source={source} isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={<InputHelperText error={error} helperText={undefined} />}
      slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', readOnly } }}
    />
  );
}

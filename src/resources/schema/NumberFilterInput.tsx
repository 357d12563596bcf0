import { useEffect, useRef, useState } from 'react';
import { TextField } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { MAX_FILTER_VALUE_LENGTH } from '../../../protocol/filters';
import { formatDecimal, parseNumber, type NumberRefusal } from '../../i18n/numbers';
import { languageOf } from './fieldValidator';

interface NumberFilterInputProps {
  /** The filter's value as sent: a decimal with a point (`3.25`), or '' for none. */
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  ariaLabel: string;
}

/**
 * The value of a numeric column's filter, typed in the console's language as the forms' number
 * inputs read it (src/i18n/numbers.ts): "3,25" filters by 3.25 in Spanish. A browser's number
 * input followed the browser's locale instead and dropped what it could not read. What cannot
 * be read is said under the input, and filters nothing until it is corrected.
 */
export function NumberFilterInput({
  value,
  onChange,
  disabled,
  ariaLabel,
}: NumberFilterInputProps) {
  const translate = useTranslate();
  const language = languageOf(useLocale());
  const [text, setText] = useState(() => formatDecimal(value, language));
  const [refusal, setRefusal] = useState<NumberRefusal | null>(null);
  // The value this input last gave: any other comes from outside (the row cleared).
  const given = useRef(value);

  useEffect(() => {
    if (value === given.current) return;
    given.current = value;
    setRefusal(null);
    setText(formatDecimal(value, language));
  }, [value, language]);

  const give = (next: string) => {
    given.current = next;
    onChange(next);
  };
  const change = (typed: string) => {
    setText(typed);
    if (typed.trim() === '') {
      setRefusal(null);
      give('');
      return;
    }
    const parsed = parseNumber(typed, language);
    setRefusal(parsed.ok ? null : parsed.reason);
    // An unreadable value filters nothing rather than by what a browser made of it.
    give(parsed.ok ? parsed.decimal : '');
  };

  return (
    <TextField
      size="small"
      value={text}
      disabled={disabled}
      onChange={(event) => change(event.target.value)}
      error={refusal !== null}
      helperText={
        refusal ? translate(`numbers.refused.${refusal}`, { text: text.trim() }) : undefined
      }
      slotProps={{
        htmlInput: {
          'aria-label': ariaLabel,
          maxLength: MAX_FILTER_VALUE_LENGTH,
          inputMode: 'decimal',
          autoComplete: 'off',
        },
      }}
      sx={{ '& input': { py: 0.75 }, flex: 1, minWidth: 0 }}
    />
  );
}

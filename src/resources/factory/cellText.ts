import {
  choiceLabel,
  isDateField,
  isNumericField,
  type FieldSchema,
} from '../../../protocol/resource-schema';
import { jsonText, toDate } from '../schema/cellValue';

export type Language = 'es' | 'en';

// One rule per language for every declared list: the locale's own date order, and the time
// to the minute for datetimes. Built once: Intl formatters are costly to make per cell.
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function format<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  if (!formats.has(key)) formats.set(key, make());
  return formats.get(key) as T;
}

export const dateFormat = (language: Language, withTime: boolean) =>
  format(`${language}:${withTime}`, () =>
    withTime
      ? new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' })
      : new Intl.DateTimeFormat(language, { dateStyle: 'short' }),
  );

const numberFormat = (language: Language) =>
  format(`${language}:number`, () => new Intl.NumberFormat(language));

/**
 * A cell of a declared list as text in the console language: a choice by its label (never its
 * code), a date by the language's rule (a date without its time), a number with the language's
 * separators, JSON as `key: value` pairs. Booleans are icons (DefinitionValue), not text.
 */
export function cellText(field: FieldSchema, value: unknown, language: Language): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.choices) return choiceLabel(field, value, language);
  if (isDateField(field)) {
    const date = toDate(value);
    return date ? dateFormat(language, field.type === 'datetime').format(date) : String(value);
  }
  if (isNumericField(field)) {
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(number) ? numberFormat(language).format(number) : String(value);
  }
  if (field.type === 'json') return jsonText(value, field, language);
  if (field.type === 'password') return '';
  if (typeof value === 'object') return jsonText(value);
  return String(value);
}

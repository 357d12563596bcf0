import {
  choiceLabel,
  isDateField,
  isNumericField,
  type FieldSchema,
} from '../../../protocol/resource-schema';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date cell as a Date, or null when empty or not a date. */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value as string | number);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `YYYY-MM-DD HH:mm:ss` in local time: sortable and read the same in every language. */
export function isoLocal(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

const YES_NO = { es: ['sí', 'no'], en: ['yes', 'no'] } as const;

/**
 * A JSON value as one readable line: a text as is (or its label), an object as `key: value`
 * pairs, a list joined by commas, true and false as words.
 */
export function jsonText(
  value: unknown,
  field?: Partial<Pick<FieldSchema, 'keyLabels' | 'valueLabels'>>,
  language: 'es' | 'en' = 'es',
): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  // A value's label: the one of `key=value` first (a number coded per key, such as a push's
  // `type=0`), then the value's own.
  const labelOf = (v: string | number, key?: string) =>
    (key === undefined ? undefined : field?.valueLabels?.[`${key}=${v}`]?.[language]) ??
    (typeof v === 'string' ? field?.valueLabels?.[v]?.[language] : undefined);
  const scalar = (v: unknown, key?: string): string => {
    if (typeof v === 'boolean') return YES_NO[language][v ? 0 : 1];
    if (typeof v === 'string' || typeof v === 'number') return labelOf(v, key) ?? String(v);
    return String(v);
  };
  const part = (v: unknown, key?: string): string => {
    if (Array.isArray(v) && v.every((item) => item === null || typeof item !== 'object'))
      return v.map((item) => scalar(item, key)).join(', ');
    return v === null || typeof v !== 'object' ? scalar(v, key) : JSON.stringify(v);
  };
  if (Array.isArray(value)) return value.map((item) => part(item)).join(', ');
  const name = (key: string) => field?.keyLabels?.[key]?.[language] ?? key;
  // A key without a value (null) says nothing: it is left out rather than shown as "null".
  return Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([key, v]) => `${name(key)}: ${part(v, key)}`)
    .join(', ');
}

/** The words for true and false in the export's language, and that language for coded values. */
export interface BooleanWords {
  yes: string;
  no: string;
  language: 'es' | 'en';
}

/** A cell as the text the exports write (clipboard, CSV, PDF). */
export function exportText(
  field: Pick<FieldSchema, 'type' | 'choices'> &
    Partial<Pick<FieldSchema, 'keyLabels' | 'valueLabels'>>,
  value: unknown,
  words: BooleanWords,
): string {
  if (value === null || value === undefined) return '';
  if (field.choices) return choiceLabel(field, value, words.language);
  if (isDateField(field)) {
    const date = toDate(value);
    return date ? isoLocal(date) : String(value);
  }
  if (field.type === 'boolean') return value ? words.yes : words.no;
  if (field.type === 'json') return jsonText(value, field, words.language);
  return field.valueLabels?.[String(value)]?.[words.language] ?? String(value);
}

/** A cell as Excel should store it: numbers, dates and booleans keep their type, codes their label. */
export function excelValue(
  field: Pick<FieldSchema, 'type' | 'choices'> &
    Partial<Pick<FieldSchema, 'keyLabels' | 'valueLabels'>>,
  value: unknown,
  language: 'es' | 'en',
): string | number | boolean | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (field.choices) return choiceLabel(field, value, language);
  if (isDateField(field)) return toDate(value);
  if (field.type === 'boolean') return Boolean(value);
  if (field.type === 'json') return jsonText(value, field, language);
  if (isNumericField(field)) {
    const number = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(number) ? number : String(value);
  }
  return String(value);
}

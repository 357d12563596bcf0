import {
  NumericOperator,
  operatorsFor,
  TextOperator,
  type OperatorCode,
} from '../../../protocol/filters';
import { isDateField, isNumericField, type FieldSchema } from '../../../protocol/resource-schema';

/** One column's filter as the person set it: its operator and the value typed. */
export interface FilterEntry {
  operator: OperatorCode;
  value: string;
}

export type FilterEntries = Record<string, FilterEntry>;

/** The wire parameters of the per-column filters (docs/decisions.md, `rowfilter`). */
export interface RowFilterValues {
  rowfilter: Record<string, string>;
  rowfilteroper: Record<string, number>;
}

/**
 * The operators a field offers: numeric 7–12, text 1–6. A date takes a day or a range, so only
 * "within" (1) and "outside" (2) make sense for it; a boolean is yes or no, so only "equals".
 */
export function operatorChoices(field: Pick<FieldSchema, 'type'>): OperatorCode[] {
  if (isNumericField(field)) return operatorsFor('numeric');
  if (isDateField(field)) return [TextOperator.contains, TextOperator.notContains];
  if (field.type === 'boolean') return [TextOperator.equals];
  return operatorsFor('text');
}

/** The operators a list offers for a field, when it narrows its type's (a declared resource). */
export type OperatorsOf = (field: FieldSchema) => OperatorCode[];

/** A field's first operator: "=" for numbers, "contains" for the rest, or the first offered. */
export function defaultOperator(
  field: Pick<FieldSchema, 'type'>,
  offered: OperatorCode[] = operatorChoices(field),
): OperatorCode {
  const preferred = isNumericField(field) ? NumericOperator.equals : TextOperator.contains;
  return offered.includes(preferred) ? preferred : (offered[0] ?? preferred);
}

/** The i18n key of an operator's name for a field. */
export function operatorLabelKey(field: Pick<FieldSchema, 'type'>, code: OperatorCode): string {
  return isDateField(field) ? `schema.date_operators.${code}` : `schema.operators.${code}`;
}

/** The fields the filter row offers: listed and filterable, in schema order. */
export function filterableFields(fields: FieldSchema[]): FieldSchema[] {
  return fields.filter((field) => field.list && field.filter);
}

export const isActive = (entry: FilterEntry | undefined) => Boolean(entry?.value.trim());

export function activeCount(entries: FilterEntries): number {
  return Object.values(entries).filter(isActive).length;
}

/** Entries as the wire parameters; empty values are left out, with their operators. */
export function toRowFilter(entries: FilterEntries): RowFilterValues {
  const rowfilter: Record<string, string> = {};
  const rowfilteroper: Record<string, number> = {};
  for (const [column, entry] of Object.entries(entries)) {
    if (!isActive(entry)) continue;
    rowfilter[column] = entry.value.trim();
    rowfilteroper[column] = entry.operator;
  }
  return { rowfilter, rowfilteroper };
}

/** The list's current filter values as entries of the given fields (e.g. after a reload). */
export function fromRowFilter(
  fields: FieldSchema[],
  rowfilter: Record<string, unknown> = {},
  rowfilteroper: Record<string, unknown> = {},
  operatorsOf: OperatorsOf = operatorChoices,
): FilterEntries {
  const entries: FilterEntries = {};
  for (const field of fields) {
    const value = rowfilter[field.source];
    if (value === undefined || value === null || value === '') continue;
    const code = Number(rowfilteroper[field.source]);
    const offered = operatorsOf(field);
    entries[field.source] = {
      operator: offered.includes(code as OperatorCode)
        ? (code as OperatorCode)
        : defaultOperator(field, offered),
      value: String(value),
    };
  }
  return entries;
}

/** A date filter value `from~to` (either end may be empty) split into its two days. */
export function splitDayRange(value: string): { from: string; to: string } {
  if (!value.includes('~')) return { from: value, to: value };
  const [from = '', to = ''] = value.split('~');
  return { from, to };
}

/** Two days as a date filter value: one day when both are equal, else `from~to`. */
export function joinDayRange(from: string, to: string): string {
  if (!from && !to) return '';
  if (from === to) return from;
  return `${from}~${to}`;
}

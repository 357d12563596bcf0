import { z } from 'zod';

/**
 * Per-column filters of the server-paged tables (specification 000 §5, 002 §5): the wire
 * parameters `rowfilter` (column → value) and `rowfilteroper` (column → operator code), their
 * validation and their meaning, written once for the server's SQL and the console's hints.
 */

export const TextOperator = {
  contains: 1,
  notContains: 2,
  startsWith: 3,
  endsWith: 4,
  equals: 5,
  notEquals: 6,
} as const;

export const NumericOperator = {
  equals: 7,
  notEquals: 8,
  less: 9,
  lessOrEqual: 10,
  greater: 11,
  greaterOrEqual: 12,
} as const;

export type TextOperatorCode = (typeof TextOperator)[keyof typeof TextOperator];
export type NumericOperatorCode = (typeof NumericOperator)[keyof typeof NumericOperator];
export type OperatorCode = TextOperatorCode | NumericOperatorCode;

/** How a column filters: text operators 1–6, numeric 7–12, or a day range for dates. */
export type FilterKind = 'text' | 'numeric' | 'date';

const NUMERIC_TYPES = new Set(['int', 'integer', 'float', 'double', 'number']);
const DATE_TYPES = new Set(['date', 'datetime', 'timestamp']);

/** Columns of type int, integer, float, double or number are numeric (000 §5). */
export function filterKind(dataType: string): FilterKind {
  const type = dataType.toLowerCase();
  if (NUMERIC_TYPES.has(type)) return 'numeric';
  if (DATE_TYPES.has(type)) return 'date';
  return 'text';
}

export function operatorsFor(kind: FilterKind): OperatorCode[] {
  return kind === 'numeric' ? Object.values(NumericOperator) : Object.values(TextOperator);
}

/** Operator slots of the device list and of the group editor's device picker (000 §9). */
export const MAX_ROW_FILTERS = 10;
export const PICKER_ROW_FILTERS = 4;
export const MAX_FILTER_VALUE_LENGTH = 200;

const columnName = z.string().min(1).max(64);

/** `rowfilter`: `{"OWNER": "garc", "STATUS": 2}`. An empty value means no filter on the column. */
export const rowFilterSchema = z
  .record(columnName, z.union([z.string().max(MAX_FILTER_VALUE_LENGTH), z.number(), z.null()]))
  .default({});

/** `rowfilteroper`: `{"OWNER": 1, "STATUS": 7}`; the console may send the codes as strings. */
export const rowFilterOperSchema = z
  .record(
    columnName,
    z.union([
      z.number().int(),
      z
        .string()
        .regex(/^\d{1,2}$/)
        .transform(Number),
    ]),
  )
  .default({});

export type RowFilter = z.infer<typeof rowFilterSchema>;
export type RowFilterOper = z.infer<typeof rowFilterOperSchema>;

export interface DayRange {
  /** Inclusive start, or null when open. */
  from: Date | null;
  /** Exclusive end, or null when open. */
  to: Date | null;
}

export type ColumnFilter =
  | { column: string; kind: 'text'; operator: TextOperatorCode; value: string }
  | { column: string; kind: 'numeric'; operator: NumericOperatorCode; value: number }
  | { column: string; kind: 'date'; operator: TextOperatorCode; value: DayRange };

/** What is wrong with a filter the caller must correct; the server words it in their language. */
export type FilterIssue =
  | 'unknownColumn'
  | 'unknownOperator'
  | 'numericOperatorNeeded'
  | 'notANumber'
  | 'textOperatorNeeded'
  | 'notADate'
  | 'tooManyFilters';

/** A filter the caller must correct: the issue and the values its text names. */
export class FilterError extends Error {
  constructor(
    readonly issue: FilterIssue,
    readonly values: Record<string, string | number>,
  ) {
    super(`${issue} ${JSON.stringify(values)}`);
  }
}

const isTextOperator = (code: number): code is TextOperatorCode => code >= 1 && code <= 6;
const isNumericOperator = (code: number): code is NumericOperatorCode => code >= 7 && code <= 12;

/** Numeric filter values are parsed as floats (002 §5); anything else is refused. */
export function parseNumber(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(text: string, endOfDay: boolean): Date | null {
  const day = DAY.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
    const start = new Date(year, month, date);
    if (start.getFullYear() !== year || start.getMonth() !== month || start.getDate() !== date)
      return null;
    return endOfDay ? new Date(year, month, date + 1) : start;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const time = new Date(text);
  return Number.isNaN(time.getTime()) ? null : time;
}

/**
 * A date filter: one day (`2026-11-22`) or a range joined by a tilde (`2026-11-01~2026-11-22`,
 * either end may be empty), in the server's local days; a full ISO time is taken as is.
 */
export function parseDayRange(value: string): DayRange | null {
  const [first, second, ...rest] = value.split('~').map((part) => part.trim());
  if (rest.length > 0) return null;
  const to = second === undefined ? first : second;
  const range = {
    from: first ? parseDay(first, false) : null,
    to: to ? parseDay(to, true) : null,
  };
  if ((first && !range.from) || (to && !range.to) || (!range.from && !range.to)) return null;
  return range;
}

/**
 * Validates the per-column filters against the columns a list offers (name → data type).
 * Empty values are skipped; an unknown column, an unknown or mismatched operator, a value of the
 * wrong type or too many filters throw a FilterError naming the problem.
 */
export function parseRowFilters(
  rowfilter: RowFilter,
  rowfilteroper: RowFilterOper,
  columns: Record<string, string>,
  maxFilters = MAX_ROW_FILTERS,
): ColumnFilter[] {
  for (const column of [...Object.keys(rowfilter), ...Object.keys(rowfilteroper)]) {
    if (!Object.hasOwn(columns, column)) {
      throw new FilterError('unknownColumn', { column });
    }
  }
  const filters: ColumnFilter[] = [];
  for (const [column, raw] of Object.entries(rowfilter)) {
    if (raw === null || raw === '') continue;
    const kind = filterKind(columns[column]);
    const code =
      rowfilteroper[column] ??
      (kind === 'numeric' ? NumericOperator.equals : TextOperator.contains);
    if (!isTextOperator(code) && !isNumericOperator(code)) {
      throw new FilterError('unknownOperator', { column, code });
    }
    if (kind === 'numeric') {
      if (!isNumericOperator(code)) {
        throw new FilterError('numericOperatorNeeded', { column, code });
      }
      const value = parseNumber(raw);
      if (value === null) {
        throw new FilterError('notANumber', { column, value: String(raw) });
      }
      filters.push({ column, kind, operator: code, value });
      continue;
    }
    if (!isTextOperator(code)) {
      throw new FilterError('textOperatorNeeded', { column, code });
    }
    if (kind === 'date') {
      const value = parseDayRange(String(raw));
      if (!value) {
        throw new FilterError('notADate', { column });
      }
      filters.push({ column, kind, operator: code, value });
      continue;
    }
    filters.push({ column, kind, operator: code, value: String(raw) });
  }
  if (filters.length > maxFilters) {
    throw new FilterError('tooManyFilters', { count: filters.length, max: maxFilters });
  }
  return filters;
}

/** Escapes LIKE wildcards so that a filter value is matched as typed (backslash is the escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The case-insensitive LIKE pattern of a text operator, and whether the match is negated. */
export function likePattern(
  operator: TextOperatorCode,
  value: string,
): { pattern: string; negated: boolean } {
  const text = escapeLike(value);
  switch (operator) {
    case TextOperator.contains:
    case TextOperator.notContains:
      return { pattern: `%${text}%`, negated: operator === TextOperator.notContains };
    case TextOperator.startsWith:
      return { pattern: `${text}%`, negated: false };
    case TextOperator.endsWith:
      return { pattern: `%${text}`, negated: false };
    case TextOperator.equals:
    case TextOperator.notEquals:
      return { pattern: text, negated: operator === TextOperator.notEquals };
  }
}

/** Codes 2 and 6 select the rows outside a date range; the other text codes the rows inside. */
export function isNegated(operator: TextOperatorCode): boolean {
  return operator === TextOperator.notContains || operator === TextOperator.notEquals;
}

function compareNumbers(cell: number, operator: NumericOperatorCode, value: number): boolean {
  switch (operator) {
    case NumericOperator.equals:
      return cell === value;
    case NumericOperator.notEquals:
      return cell !== value;
    case NumericOperator.less:
      return cell < value;
    case NumericOperator.lessOrEqual:
      return cell <= value;
    case NumericOperator.greater:
      return cell > value;
    case NumericOperator.greaterOrEqual:
      return cell >= value;
  }
}

/**
 * Whether a cell passes a filter, with the server's SQL semantics: text is compared without
 * regard to case, and a row lacking the column's value never matches (002 §5).
 */
export function matchesFilter(cell: unknown, filter: ColumnFilter): boolean {
  if (cell === null || cell === undefined) return false;
  if (filter.kind === 'numeric') {
    const number = typeof cell === 'number' ? cell : parseNumber(String(cell));
    return number !== null && compareNumbers(number, filter.operator, filter.value);
  }
  if (filter.kind === 'date') {
    const time = new Date(cell as string | Date).getTime();
    if (Number.isNaN(time)) return false;
    const { from, to } = filter.value;
    const inside = (!from || time >= from.getTime()) && (!to || time < to.getTime());
    return isNegated(filter.operator) ? !inside : inside;
  }
  const text = String(cell).toLowerCase();
  const value = filter.value.toLowerCase();
  switch (filter.operator) {
    case TextOperator.contains:
      return text.includes(value);
    case TextOperator.notContains:
      return !text.includes(value);
    case TextOperator.startsWith:
      return text.startsWith(value);
    case TextOperator.endsWith:
      return text.endsWith(value);
    case TextOperator.equals:
      return text === value;
    case TextOperator.notEquals:
      return text !== value;
  }
}

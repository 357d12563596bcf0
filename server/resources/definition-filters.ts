import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  FilterError,
  parseRowFilters,
  rowFilterOperSchema,
  rowFilterSchema,
  type OperatorCode,
  type RowFilter,
  type RowFilterOper,
} from '../../protocol/filters';
import { plainOperator } from '../../protocol/plain-operator';
import { labelOf, type ResourceDefinition } from '../../protocol/resource-definition';
import type { FieldSchema } from '../../protocol/resource-schema';
import { filterCondition } from '../db/filter-sql';
import { languageOf } from '../messages';
import { areaTexts, type Reader } from '../services/area-texts';
import { deviceRefusal } from '../services/devices/texts';

/**
 * The filters of a declared resource's list operation, in SQL (docs/resources.md,
 * `filterOperators`): the 000 §5 `rowfilter`/`rowfilteroper` of the fields its definition names,
 * and the plain `filter` values of its filter fields, with the one operator the console means by
 * them (a number, choice or yes/no equal, any other text or a day contained).
 */

/** SQL of each filterable field by source, written by the operation (never from the caller). */
export type FilterColumns = Record<string, Expression<unknown>>;

/** A condition for `query.where(...)`; every filter given, joined by AND (none: true). */
export type FilterCondition = <DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
) => Expression<SqlBool>;

/** `rowfilter` and `rowfilteroper`, spread into a list operation's parameter. */
export const rowFilterParameters = {
  rowfilter: rowFilterSchema,
  rowfilteroper: rowFilterOperSchema,
};

/** The list's `filter`: the operation's own keys (`q`), and any field's plain value. */
export function plainFilterSchema<S extends z.ZodRawShape>(shape: S) {
  return z
    .object(shape)
    .catchall(z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
    .default({} as never);
}

// The filter issues are worded by the device list's texts (services/devices/texts.ts), the same
// for every list; only an operator a declared field does not take is worded here.
const { refusal } = areaTexts({
  es: {
    notOffered: 'La columna {column} no admite el operador {code} en esta lista (admite {codes}).',
  },
  en: {
    notOffered: 'Column {column} does not take operator {code} in this list (it takes {codes}).',
  },
});

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Validates a list call's filters against its definition and answers the SQL condition; an
 * unknown or unfilterable column, a bad operator or value is the envelope's refusal in the
 * caller's language, naming the field by its label.
 * @example query.where(definitionFilters(ACTIONS, { login: sql.ref('login') }, parameter, ctx.user))
 */
export function definitionFilters(
  definition: ResourceDefinition,
  columns: FilterColumns,
  given: { filter?: Record<string, unknown>; rowfilter?: RowFilter; rowfilteroper?: RowFilterOper },
  reader: Reader,
): FilterCondition {
  const language = languageOf(reader.language);
  const fields = new Map(
    definition.fields
      .filter((f) => f.filter && Object.hasOwn(columns, f.source))
      .map((f) => [f.source, f]),
  );
  const named = (column: string) => {
    const field = fields.get(column) ?? definition.fields.find((f) => f.source === column);
    return field ? labelOf(field, language) : column;
  };
  const offered = (field: FieldSchema) =>
    definition.filterOperators?.[field.source] ?? [plainOperator(field)];
  const rowfilter: RowFilter = { ...given.rowfilter };
  const rowfilteroper: RowFilterOper = { ...given.rowfilteroper };
  for (const column of [...Object.keys(rowfilter), ...Object.keys(rowfilteroper)]) {
    if (fields.has(column)) continue;
    const known = definition.fields.some((f) => f.source === column);
    throw deviceRefusal(reader, known ? 'notFilterable' : 'unknownColumn', {
      column: named(column),
    });
  }
  for (const [column, value] of Object.entries(rowfilter)) {
    const field = fields.get(column)!;
    if (isEmpty(value) || rowfilteroper[column] !== undefined) continue;
    const codes = offered(field);
    rowfilteroper[column] = codes.includes(plainOperator(field)) ? plainOperator(field) : codes[0];
  }
  const asked = Object.keys(rowfilter).filter((column) => !isEmpty(rowfilter[column]));
  for (const [column, value] of Object.entries(given.filter ?? {})) {
    const field = fields.get(column);
    if (!field || isEmpty(value) || asked.includes(column)) continue;
    rowfilter[column] = typeof value === 'number' ? value : String(value);
    rowfilteroper[column] = plainOperator(field);
  }
  const types = Object.fromEntries([...fields].map(([source, field]) => [source, field.type]));
  let filters;
  try {
    filters = parseRowFilters(rowfilter, rowfilteroper, types);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const values = { ...error.values };
    if (typeof values.column === 'string') values.column = named(values.column);
    throw deviceRefusal(reader, error.issue, values);
  }
  for (const column of asked) {
    const codes = offered(fields.get(column)!);
    if (codes.includes(rowfilteroper[column] as OperatorCode)) continue;
    const vars = { column: named(column), code: rowfilteroper[column], codes: codes.join(', ') };
    throw refusal(reader, 'notOffered', vars);
  }
  return (eb) =>
    eb.and(
      filters.map((filter) => {
        const field = fields.get(filter.column)!;
        // A yes/no compares by its text form, `true` or `false` (000 §5); a reference by its
        // id's, whatever the key's type (a bigint in the engine's tables).
        const column = columns[filter.column];
        const asText = field.type === 'boolean' || field.type === 'reference';
        const compared = asText ? sql`(${column})::text` : column;
        return filterCondition(eb, filter, field.type, compared);
      }),
    );
}

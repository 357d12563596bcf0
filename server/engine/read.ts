import { sql } from 'kysely';
import { z } from 'zod';
import { escapeLike, TextOperator } from '../../protocol/filters';
import { datatableSchema, type Page } from '../../protocol/paging';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { ENTITY_KEY } from '../../protocol/resource-entity';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
  type FilterColumns,
} from '../resources/definition-filters';
import { ilike } from '../db/filter-sql';
import type { Operation, OperationContext } from '../services/registry';
import { sortBy, sortFields } from '../services/sort-fields';
import type { ResolveDefinition } from './effective';
import type { Row } from './hooks';
import type { RecordKey } from './keys';
import { hooksOf } from './hooks';
import {
  companyOf,
  engineDb,
  fieldSql,
  hookedColumns,
  presented,
  seenOrScope,
  presentedRow,
  rowOf,
  scopeOf,
  storedRow,
  tableOf,
} from './rows';
import { columnOf, sortsLowered } from './table';
import { deepPage, isDeep } from './deep-page';
import { pageAnchors } from './page-anchors';
import { cappedTotal } from './total';

/**
 * The engine's list and show of an owned-storage definition: the caller's company's rows, paged,
 * sorted and filtered in SQL by the definition's sort fields, filter operators and search.
 */

/** The text fields the search box looks in: the listed text fields that filter. */
const searchFields = (definition: ResourceDefinition) =>
  definition.fields.filter(
    (f) => f.filter && (f.type === 'text' || f.type === 'longtext') && (!f.choices || f.codeList),
  );

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';
const INSIDE: readonly number[] = [
  TextOperator.contains,
  TextOperator.notContains,
  TextOperator.startsWith,
  TextOperator.endsWith,
];

/**
 * Whether a list call looks for text inside a column (the search box, contains, starts, ends):
 * its matches then come from trigram indexes, whose estimates the planner trusts too little to
 * choose them for a count with a small LIMIT (docs/decisions.md, "The plan of a capped count").
 */
function looksInside(
  definition: ResourceDefinition,
  parameter: { filter: Record<string, unknown>; rowfilter?: object; rowfilteroper?: object },
): boolean {
  const isText = (source: string) => searchFields(definition).some((f) => f.source === source);
  const operators = (parameter.rowfilteroper ?? {}) as Record<string, unknown>;
  const inRows = Object.entries(parameter.rowfilter ?? {}).some(([column, value]) => {
    if (!isSet(value)) return false;
    const code = operators[column] ?? (isText(column) ? TextOperator.contains : undefined);
    return INSIDE.includes(Number(code));
  });
  const inPlain = Object.entries(parameter.filter).some(
    ([key, value]) => isSet(value) && (key === 'q' || isText(key)),
  );
  return inRows || inPlain;
}

/** What a custom entity's calls carry beside their own parameter: the entity's name. */
export type ExtraShape = z.ZodRawShape;

export function listOperation(
  resolve: ResolveDefinition,
  name: string,
  permission: Operation['permission'],
  extra: ExtraShape = {},
  /** Deep pages start at remembered anchors (page-anchors.ts): for tables the engine alone writes. */
  options: { anchors?: boolean } = {},
): Operation {
  const parameter = z.object({
    ...extra,
    datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
    filter: plainFilterSchema({ q: z.string().trim().max(200).optional() }),
    ...rowFilterParameters,
  });
  return {
    name,
    parameter,
    permission,
    async handler(given: z.infer<typeof parameter>, ctx: OperationContext): Promise<Page<Row>> {
      const definition = await resolve(ctx, given, 'list');
      const ref = (source: string) => fieldSql(definition, source);
      const { datatable, filter } = given;
      const filterColumns: FilterColumns = Object.fromEntries(
        definition.fields.filter((f) => f.filter).map((f) => [f.source, ref(f.source)]),
      );
      const sorts = sortFields(
        Object.fromEntries(
          definition.fields.filter((f) => f.sort).map((f) => [f.source, f.source]),
        ),
      );
      // A resource whose `company` hook finds none for the caller lists nothing.
      const company = hooksOf(definition.name).company
        ? scopeOf(definition, ctx, 'list')
        : companyOf(definition, ctx, 'list');
      if (company === null) return { data: [], total: 0 };
      const filters = definitionFilters(definition, filterColumns, given, ctx.user);
      let query = engineDb(ctx.db)
        .selectFrom(`${tableOf(definition)} as t`)
        .where(seenOrScope(definition, ctx, 'list', company))
        .where(filters);
      const reach = hooksOf(definition.name).reach;
      if (reach) query = query.where(await reach(ctx));
      const q = filter.q;
      if (q) {
        const pattern = `%${escapeLike(q)}%`;
        query = query.where((eb) =>
          eb.or(searchFields(definition).map((f) => ilike(ref(f.source), pattern))),
        );
      }
      const source = sortBy(ctx.user, sorts, datatable.orderBy, definition.sort.field);
      const column = ref(source);
      const field = definition.fields.find((f) => f.source === source);
      // Texts sort as a person reads them, whatever their case; the key breaks ties.
      const sortKey = field && sortsLowered(field) ? sql`lower(${column})` : column;
      // The page's keys are found on the sort's index first, and only those rows are read: a
      // deep page walks index entries, not table rows (docs/resources.md, "Speed").
      const ordered = query
        .select(sql<number>`${ref(ENTITY_KEY)}`.as('key'))
        .orderBy(sortKey, datatable.orderDir)
        .orderBy(ref(ENTITY_KEY), datatable.orderDir);
      const keyColumn = `t.${columnOf(ENTITY_KEY, definition)}`;
      const rowsQuery = engineDb(ctx.db)
        .selectFrom(`${tableOf(definition)} as t`)
        .selectAll('t')
        .select(hookedColumns(definition))
        .orderBy(sortKey, datatable.orderDir)
        .orderBy(ref(ENTITY_KEY), datatable.orderDir);
      const count = () => cappedTotal(ctx.db, query, datatable, looksInside(definition, given));
      const anchoring = options.anchors
        ? {
            anchors: pageAnchors(ctx.db),
            table: tableOf(definition),
            sortKey,
            keyColumn,
            direction: datatable.orderDir,
          }
        : undefined;
      const deep = isDeep(datatable) ? await deepPage(ordered, datatable, anchoring) : null;
      const [rows, { total, capped }] = deep
        ? await Promise.all([
            deep.keys.length === 0 ? [] : rowsQuery.where(keyColumn, 'in', deep.keys).execute(),
            deep.total ?? count(),
          ])
        : await Promise.all([
            rowsQuery
              .innerJoin(
                ordered.offset(datatable.start).limit(datatable.length).as('k'),
                'k.key',
                keyColumn,
              )
              .execute(),
            count(),
          ]);
      return {
        data: await presented(
          definition,
          rows.map((row) => rowOf(definition, row)),
          ctx,
        ),
        total,
        ...(capped ? { totalCapped: true as const } : {}),
      };
    },
  };
}

/** A record's id; a console route or a form may send it as its text. */
export const idSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value),
  z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
);

export function showOperation(
  resolve: ResolveDefinition,
  name: string,
  permission: Operation['permission'],
  extra: ExtraShape = {},
): Operation {
  // A text key's schema, when the definition has one, comes in `extra` (keys.ts).
  const parameter = z.object({ [ENTITY_KEY]: idSchema, ...extra });
  return {
    name,
    parameter,
    permission,
    async handler(given: Record<string, unknown>, ctx: OperationContext) {
      const definition = await resolve(ctx, given, 'show');
      const row = await storedRow(definition, ctx, ctx.db, given[ENTITY_KEY] as RecordKey);
      return presentedRow(definition, row, ctx);
    },
  };
}

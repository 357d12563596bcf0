import { expressionBuilder, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type pg from 'pg';
import {
  FilterError,
  parseRowFilters,
  type RowFilter,
  type RowFilterOper,
} from '../../protocol/filters';
import type { Datatable } from '../../protocol/paging';
import type { SqlResult } from '../../protocol/reports';
import { columnKind, type TableColumn } from '../../protocol/table-data';
import type { SandboxSession } from '../db/sandbox';
import { filterCondition } from '../db/filter-sql';
import { cellValue, columnsOf } from '../sql-runner/values';

/**
 * Rows counted exactly at most: past this the total is PostgreSQL's estimate (the planner's rows
 * for the filter). A table whose statistics say more than BIG_TABLE rows is not counted at all:
 * a page shorter than asked is the end, else the total is the estimate (the table's `reltuples`
 * unfiltered), so a page of a 1,000,000-row table never scans it to count (docs/data-tools.md,
 * "Paging").
 */
export const EXACT_COUNT = 10_000;
export const BIG_TABLE = 100_000;

/** The filter kinds of protocol/filters.ts by the column's own type. */
const FILTER_TYPES = { integer: 'integer', number: 'float', date: 'date', timestamp: 'timestamp' };
const TEXT_TYPES = new Set(['text', 'character varying', 'character', 'name', 'citext']);

export interface TablePage extends SqlResult {
  recordsTotal: number;
  /** recordsTotal is an estimate (more than EXACT_COUNT rows). */
  recordsEstimated: boolean;
}

export interface PageRequest {
  datatable: Datatable;
  rowfilter: RowFilter;
  rowfilteroper: RowFilterOper;
}

/**
 * One page of a table, filtered and sorted in SQL, read on a session of the project's role.
 * Every name comes from `columns` (the catalogue's), every value is a parameter; the caller
 * checked the sort column. Throws FilterError for a filter to correct.
 */
export async function tablePage(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
  session: SandboxSession,
  schema: string,
  table: string,
  columns: TableColumn[],
  request: PageRequest,
): Promise<TablePage> {
  const { datatable, rowfilter, rowfilteroper } = request;
  const types = Object.fromEntries(
    columns.map((c) => [
      c.COLUMN_NAME,
      FILTER_TYPES[columnKind(c.DATA_TYPE) as keyof typeof FILTER_TYPES] ?? 'text',
    ]),
  );
  const filters = parseRowFilters(rowfilter, rowfilteroper, types);
  const eb = expressionBuilder();
  const byName = new Map(columns.map((c) => [c.COLUMN_NAME, c]));
  const conditions = filters.map((filter) => {
    const column = byName.get(filter.column)!;
    const plain = TEXT_TYPES.has(column.DATA_TYPE) || filter.kind !== 'text';
    const target = plain ? sql.id(filter.column) : sql`${sql.id(filter.column)}::text`;
    return filterCondition(eb, filter, types[filter.column], target) as RawBuilder<SqlBool>;
  });
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const from = sql`FROM ${sql.id(schema, table)} ${where}`;
  const key = columns.filter((c) => c.PRIMARY_KEY).map((c) => c.COLUMN_NAME);
  const direction = datatable.orderDir === 'desc' ? sql`DESC` : sql`ASC`;
  const order = [
    ...(datatable.orderBy ? [sql`${sql.id(datatable.orderBy)} ${direction}`] : []),
    ...key.filter((k) => k !== datatable.orderBy).map((k) => sql`${sql.id(k)} ${direction}`),
  ];
  const orderBy = order.length > 0 ? sql`ORDER BY ${sql.join(order)}` : sql``;
  const run = async (query: RawBuilder<unknown>, arrays = false) => {
    const compiled = query.compile(db);
    const config = { text: compiled.sql, values: [...compiled.parameters] } as pg.QueryConfig;
    if (arrays) Object.assign(config, { rowMode: 'array' });
    return session.query(config);
  };
  const page = sql`${orderBy} LIMIT ${datatable.length} OFFSET ${datatable.start}`;
  // Past the first page, the rows skipped are walked by their key alone (an index-only scan of
  // the primary key on a vacuumed table), and only the page's rows are read whole.
  const keys = sql.join(key.map((k) => sql.id(k)));
  const rows = await run(
    key.length > 0 && datatable.start > 0
      ? sql`SELECT flota_row.* FROM ${sql.id(schema, table)} flota_row
            JOIN (SELECT ${keys} ${from} ${page}) flota_page USING (${keys}) ${orderBy}`
      : sql`SELECT * ${from} ${page}`,
    true,
  );
  const got = rows.rows.length;
  const size = await tableSize(run, schema, table);
  let total: number;
  let estimated: boolean;
  if (size > BIG_TABLE) {
    // A big table is never counted: a short page is the end, else PostgreSQL's estimate.
    estimated = got === datatable.length;
    total = estimated
      ? Math.max(filters.length === 0 ? size : await estimate(run, from), datatable.start + got + 1)
      : datatable.start + got;
  } else {
    const counted = await run(
      sql`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${EXACT_COUNT + 1}) counted`,
    );
    total = Number(counted.rows[0].n);
    estimated = total > EXACT_COUNT;
    if (estimated) total = Math.max(total, await estimate(run, from));
    total = Math.max(total, datatable.start + got);
  }
  return {
    Columns: await columnsOf(session, rows.fields),
    Datas: (rows.rows as unknown[][]).map((row) => row.map(cellValue)),
    RecordsAffected: 0,
    Limited: false,
    Limit: datatable.length,
    Statements: 1,
    recordsTotal: total,
    recordsEstimated: estimated,
  };
}

/** The table's rows by its statistics (-1 when never analysed, or a view). */
async function tableSize(
  run: (query: RawBuilder<unknown>) => Promise<pg.QueryResult>,
  schema: string,
  table: string,
): Promise<number> {
  const stats = await run(
    sql`SELECT reltuples::bigint AS n FROM pg_class
        WHERE oid = to_regclass(${`"${schema}"."${table.replace(/"/g, '""')}"`})`,
  );
  return Number(stats.rows[0]?.n ?? -1);
}

/** PostgreSQL's estimate of the rows a filter selects: the planner's. */
async function estimate(
  run: (query: RawBuilder<unknown>) => Promise<pg.QueryResult>,
  from: RawBuilder<unknown>,
): Promise<number> {
  // A plan PostgreSQL cannot make with these parameters leaves the lower bound.
  await run(sql`SAVEPOINT flota_estimate`);
  try {
    const plan = await run(sql`EXPLAIN (FORMAT JSON) SELECT 1 ${from}`);
    await run(sql`RELEASE SAVEPOINT flota_estimate`);
    const json = plan.rows[0]['QUERY PLAN'] as { Plan: { 'Plan Rows': number } }[];
    return Math.round(json[0].Plan['Plan Rows']);
  } catch {
    await run(sql`ROLLBACK TO SAVEPOINT flota_estimate`);
    return EXACT_COUNT + 1;
  }
}

export { FilterError };

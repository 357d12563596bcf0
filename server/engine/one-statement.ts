import pg from 'pg';
import { sql, type OperationNodeSource, type RawBuilder } from 'kysely';
import { canonicalJson } from '../../protocol/canonical-json';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import type { FieldSchema } from '../../protocol/resource-schema';
import { ENTITY_KEY, ENTITY_VERSION } from '../../protocol/resource-entity';
import { actionRow } from '../actions-log';
import type { Db } from '../db/database';
import { preparedOn } from '../db/prepared';
import type { OperationContext } from '../services/registry';
import { hooksOf, type Row, type ResourceHooks } from './hooks';
import type { RecordKey } from './keys';
import { revisionRow } from './revisions-write';
import {
  columnsOf,
  engineDb,
  inScope,
  insertColumnsOf,
  rowOf,
  scopeColumns,
  tableOf,
} from './rows';
import { columnOf } from './table';
import { traceOf } from './trace';

/**
 * Engine writes in one statement: the row's insert or update, its actions-log line and its
 * revision as data-modifying WITHs, which PostgreSQL applies together or not at all. The line and
 * the revision are written as the write predicts the stored row; the statement answers what it
 * wrote beside the row, and where the row reads otherwise they are written again from it.
 * A plain write (`isPlainWrite`) needs nothing else, so it goes as this one statement with no
 * transaction around it (docs/resources.md, "Speed", fourth pass).
 */

/** A resource's hooks that take part in a create or an edit (a plain write has none of them). */
const WRITE_HOOKS: (keyof ResourceHooks)[] = [
  'given',
  'createParameters',
  'beforeCreate',
  'afterCreate',
  'beforeEdit',
  'afterEdit',
  'guards',
  'sql',
];

/** The types whose column reads back as the value written (a date: as pg reads its text). */
const READ_BACK = new Set([
  'int',
  'integer',
  'float',
  'double',
  'number',
  'text',
  'longtext',
  'boolean',
  'date',
]);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value as the stored row will read it, when that can be said without the database. */
function readBack(field: FieldSchema, value: unknown): unknown {
  if (field.custom || value === null || field.type !== 'date') return value;
  return pg.types.getTypeParser(pg.types.builtins.DATE)(String(value));
}

/** Whether a value of the field is written as is and reads back as `readBack` says. */
function predictable(field: FieldSchema | undefined, value: unknown): boolean {
  if (!field || field.computed || field.type === 'reference' || field.type === 'json') return false;
  // A unique custom field is checked under a lock, in a transaction (checkCustomUnique).
  if (field.custom) return !field.unique;
  if (field.choices) return true;
  if (!READ_BACK.has(field.type)) return false;
  return field.type !== 'date' || value === null || DAY.test(String(value));
}

/** The values a write sets: what was given, without the keys given no value. */
const setValues = (values: Row): Row =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

/**
 * Whether a create or an edit needs nothing but its statement: a table the engine owns (a mapped
 * one is written by hand-written code too), no hook of the resource takes part in the write, and
 * every value reads back as given (no reference, whose company is checked first; no unique
 * custom field, checked under a lock). A create names its record by a value it gives.
 */
export function isPlainWrite(
  definition: ResourceDefinition,
  values: Row,
  verb: 'create' | 'edit',
): boolean {
  if (!definition.storage || definition.storage.mapped) return false;
  const hooks = hooksOf(definition.name);
  if (WRITE_HOOKS.some((name) => hooks[name] !== undefined)) return false;
  const label = values[definition.labelField];
  if (verb === 'create' && typeof label !== 'string' && typeof label !== 'number') return false;
  return Object.entries(setValues(values)).every(([source, value]) =>
    predictable(
      definition.fields.find((f) => f.source === source),
      value,
    ),
  );
}

/** The JSON text written (`wrote`, as jsonb kept it) when it says otherwise than `json`; else null. */
const unlessSame = (wrote: unknown, json: string | null) =>
  json !== null && canonicalJson(wrote) !== canonicalJson(JSON.parse(json)) ? json : null;

/**
 * A field the insert gives (the key, the version, the time, a default) as the stored row reads
 * it in JSON: a time as JavaScript writes a Date (UTC, milliseconds, `Z`).
 */
function jsonOf(definition: ResourceDefinition, field: FieldSchema): RawBuilder<unknown> {
  const column = sql.ref(`s.${columnOf(field.source, definition)}`);
  if (field.type === 'datetime') {
    return sql`to_jsonb(to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
  }
  if (field.type === 'date') return sql`to_jsonb(to_char(${column}, 'YYYY-MM-DD"T00:00:00.000Z"'))`;
  return sql`to_jsonb(${column})`;
}

/**
 * A write (`s`, an insert or an update answering its row) with its actions-log line and its
 * revision, in one statement: the line and the revision are inserted from the written row, so a
 * write that finds no row (an update of another version) writes neither. `line` and `revision`
 * are as predicted; the line gains the row's key, the revision's `after` the `fromRow` fields
 * (source, SQL over `s`). Answers the row with what the line and the revision were written as.
 */
async function writeTraced(
  db: Db,
  write: OperationNodeSource,
  line: ReturnType<typeof actionRow>,
  revision: ReturnType<typeof revisionRow>,
  record: RawBuilder<unknown>,
  key: RawBuilder<unknown>,
  fromRow: RawBuilder<unknown>[] = [],
): Promise<Record<string, unknown> | undefined> {
  const { rows } = await sql<Record<string, unknown>>`${preparedOn(db)}
    WITH s AS (${write}), logged AS (
      INSERT INTO core.actions_log (company_id, user_id, login, action, detail, address)
      SELECT ${line.company_id}::integer, ${line.user_id}::integer, ${line.login}::text,
             ${line.action}::text, ${line.detail}::jsonb || jsonb_build_object('id', ${key}),
             ${line.address}::text
      FROM s RETURNING id, detail
    ), revised AS (
      INSERT INTO core.revisions
        (company_id, resource, record, action, user_id, login, channel, before, after)
      SELECT ${revision.company_id}::integer, ${revision.resource}::text, ${record}::text,
             ${revision.action}::text, ${revision.user_id}::integer, ${revision.login}::text,
             ${revision.channel}::text, ${revision.before}::jsonb,
             ${revision.after}::jsonb || jsonb_build_object(${sql.join(fromRow)})
      FROM s RETURNING id, after
    )
    SELECT s.*, logged.id AS ${sql.id(LOGGED)}, logged.detail AS ${sql.id(WROTE_DETAIL)},
           revised.id AS ${sql.id(REVISED)}, revised.after AS ${sql.id(WROTE_AFTER)}
    FROM s, logged, revised
  `.execute(db);
  return rows[0];
}

/**
 * Writes again the line and the revision a statement wrote where the stored row reads otherwise
 * than predicted, so they say what the record says once stored.
 */
async function correctTrace(
  db: Db,
  ctx: OperationContext,
  stored: Record<string, unknown>,
  actual: ReturnType<typeof traceOf>,
) {
  const detail = unlessSame(stored[WROTE_DETAIL], actionRow(actual.action).detail);
  const after = unlessSame(stored[WROTE_AFTER], revisionRow(ctx, actual.revision).after);
  if (detail !== null) {
    await engineDb(db)
      .updateTable('core.actions_log')
      .set({ detail })
      .where('id', '=', stored[LOGGED] as number)
      .execute();
  }
  if (after !== null) {
    await engineDb(db)
      .updateTable('core.revisions')
      .set({ after })
      .where('id', '=', stored[REVISED] as number)
      .execute();
  }
}

/**
 * A create's insert, its actions-log line and its revision in one statement. The revision holds
 * the whole row: the values given as they read back, and what the insert gives (key, version,
 * times, defaults) from the inserted row in SQL.
 */
export async function createTraced(
  db: Db,
  ctx: OperationContext,
  definition: ResourceDefinition,
  given: Row,
  scope: Record<string, number>,
): Promise<Row> {
  const values = setValues(given);
  const inserted = definition.fields.filter((f) => !f.custom && !Object.hasOwn(values, f.source));
  const known = Object.fromEntries(
    definition.fields
      .filter((f) => !inserted.includes(f))
      .map((f) => [f.source, readBack(f, values[f.source] ?? null)]),
  );
  const predicted = traceOf(ctx, definition, 0, known, {
    change: 'create',
    before: null,
    after: known,
  });
  const key = sql.ref(`s.${columnOf(ENTITY_KEY, definition)}`);
  const stored = await writeTraced(
    db,
    engineDb(db)
      .insertInto(tableOf(definition))
      .values({ ...insertColumnsOf(definition, values), ...scope })
      .returningAll(),
    actionRow(predicted.action),
    revisionRow(ctx, predicted.revision),
    key,
    key,
    inserted.flatMap((f) => [sql.lit(f.source), jsonOf(definition, f)]),
  );
  const row = rowOf(definition, stored!);
  const actual = traceOf(ctx, definition, row[ENTITY_KEY] as RecordKey, row, {
    change: 'create',
    before: null,
    after: row,
  });
  await correctTrace(db, ctx, stored!, actual);
  return row;
}

/**
 * An edit's update, its actions-log line and its revision in one statement, at the version the
 * row had when read (`before`): none of them is written when the row is at another version (or
 * gone), and the answer is then undefined. The line and the revision are predicted from the
 * values given over the row before, its version one more.
 */
export async function updateTraced(
  db: Db,
  ctx: OperationContext,
  definition: ResourceDefinition,
  id: RecordKey,
  before: Row,
  values: Row,
): Promise<Row | undefined> {
  const changed = Object.keys(values);
  const pick = (row: Row) => Object.fromEntries(changed.map((s) => [s, row[s]]));
  const traceFor = (after: Row) =>
    traceOf(
      ctx,
      definition,
      id,
      after,
      {
        change: 'edit',
        before: { ...pick(before), [ENTITY_VERSION]: before[ENTITY_VERSION] },
        after: { ...pick(after), [ENTITY_VERSION]: after[ENTITY_VERSION] },
      },
      { changed },
    );
  const predicted = traceFor({
    ...before,
    ...values,
    [ENTITY_VERSION]: Number(before[ENTITY_VERSION]) + 1,
  });
  const revision = revisionRow(ctx, predicted.revision);
  const stored = await writeTraced(
    db,
    engineDb(db)
      .updateTable(tableOf(definition))
      .set({ ...columnsOf(definition, values), version: sql`version + 1`, updated_at: sql`now()` })
      .where(columnOf(ENTITY_KEY, definition), '=', id)
      .where(inScope(scopeColumns(definition, ctx, 'edit')))
      .where(columnOf(ENTITY_VERSION, definition), '=', before[ENTITY_VERSION] as number)
      .returningAll(),
    actionRow(predicted.action),
    revision,
    sql`${revision.record}`,
    sql.ref(`s.${columnOf(ENTITY_KEY, definition)}`),
  );
  if (!stored) return undefined;
  const after = rowOf(definition, stored);
  await correctTrace(db, ctx, stored, traceFor(after));
  return after;
}

/** The ids of the line and the revision a statement wrote, and what it wrote, beside the row. */
const LOGGED = 'engine_traced_log_id';
const REVISED = 'engine_traced_revision_id';
const WROTE_DETAIL = 'engine_traced_log_detail';
const WROTE_AFTER = 'engine_traced_revision_after';

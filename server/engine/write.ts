import { sql } from 'kysely';
import { z } from 'zod';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { lowerTitle } from '../../protocol/lower-title';
import { ENTITY_KEY, ENTITY_VERSION } from '../../protocol/resource-entity';
import { RESOURCE_DEFINITIONS, resourceDefinition } from '../../protocol/resources';
import { languageOf, message } from '../messages';
import type { Db } from '../db/database';
import { fieldIssueTexts } from '../resources/record-parameter';
import { cachedRecordParameter } from './parameter-cache';
import { ServiceError, type Operation, type OperationContext } from '../services/registry';
import { hooksOf, runGuards, type HookContext, type Row } from './hooks';
import type { ResolveDefinition } from './effective';
import { idSchema, type ExtraShape } from './read';
import type { RecordKey } from './keys';
import { writingTable } from './page-anchors';
import {
  columnsOf,
  companyOf,
  insertColumnsOf,
  engineDb,
  fieldLabel,
  hookedColumns,
  keyColumn,
  presentedRow,
  inScope,
  recordLabel,
  rowOf,
  scopeColumns,
  storedRow,
  tableOf,
  titleOf,
} from './rows';
import { columnOf, SCOPE_COLUMN } from './table';
import { engineTexts } from './texts';
import { collectAfterCommit } from '../db/after-commit';
import { createTraced, isPlainWrite, updateTraced } from './one-statement';
import { traceWrite } from './trace';

/**
 * The engine's create, edit and delete of an owned-storage definition. Each runs in one
 * transaction: the resource's hooks, the write, its actions-log entry and its revision stand or
 * fall together; a plain write (one-statement.ts) is that one statement, with no transaction
 * around it. Values are checked by `recordParameter`, the console's very rules and texts.
 */

type Permission = Operation['permission'];

/** A unique index refused the value: the field it names, refused in the caller's language. */
function duplicateRefusal(
  definition: ResourceDefinition,
  ctx: OperationContext,
  error: unknown,
  values: Row,
) {
  const pg = error as { code?: string; constraint?: string } | null;
  if (pg?.code !== '23505') return error;
  const table = definition.storage!.table;
  const field = definition.fields.find(
    (f) =>
      f.unique && pg.constraint === `${table}_${columnOf(f.source, definition).toLowerCase()}_key`,
  );
  if (!field) return error;
  return engineTexts.refusal(ctx.user, 'duplicate', {
    what: lowerTitle(titleOf(definition, ctx)),
    field: fieldLabel(definition, field.source, ctx).toLowerCase(),
    value: String(values[field.source] ?? ''),
  });
}

/** A delete refused by another owned table's foreign key: who uses the record, in words. */
function inUseRefusal(
  definition: ResourceDefinition,
  ctx: OperationContext,
  error: unknown,
  row: Row,
) {
  const pg = error as { code?: string; table?: string } | null;
  // 23001: ON DELETE RESTRICT; 23503: any other foreign key refusing the delete.
  if (pg?.code !== '23001' && pg?.code !== '23503') return error;
  const other = Object.values(RESOURCE_DEFINITIONS).find((d) => d.storage?.table === pg.table);
  return engineTexts.refusal(ctx.user, 'inUse', {
    what: titleOf(definition, ctx),
    label: recordLabel(definition, row),
    other: other ? lowerTitle(other.title.many[languageOf(ctx.user.language)]) : String(pg.table),
  });
}

/**
 * Refuses a `reference` to a record the engine stores that is not one of the caller's company
 * (another company's, or none): the foreign key alone would let another company's id through.
 */
async function checkReferences(
  definition: ResourceDefinition,
  ctx: OperationContext,
  trx: Db,
  values: Row,
) {
  for (const field of definition.fields) {
    const value = values[field.source];
    const target =
      field.type === 'reference' && field.reference
        ? resourceDefinition(field.reference)
        : undefined;
    if (!target?.storage || value === null || value === undefined) continue;
    // A row of a project's schema (a device group) is in the project another field names: the
    // referencing resource's hook checks it there (mdm-roles).
    if (target.storage.mapped?.schema === 'project') continue;
    // A `multiple` reference holds several ids (a user's environments): each one is checked.
    for (const one of Array.isArray(value) ? (value as unknown[]) : [value]) {
      const found = await engineDb(trx)
        .selectFrom(tableOf(target))
        .select('id')
        .where('id', '=', Number(one))
        .where(SCOPE_COLUMN, '=', companyOf(definition, ctx))
        .executeTakeFirst();
      if (found) continue;
      throw engineTexts.refusal(ctx.user, 'notAReference', {
        field: fieldLabel(definition, field.source, ctx),
        target: lowerTitle(titleOf(target, ctx)),
        value: String(one),
      });
    }
  }
}

/**
 * A unique custom field (kept in the JSON column, which no unique index covers): refused when
 * another record of the company holds the value. The write's transaction takes a lock per
 * company and resource first, so two writes of one value cannot both pass.
 */
export async function checkCustomUnique(
  definition: ResourceDefinition,
  ctx: OperationContext,
  trx: Db,
  values: Row,
  id: RecordKey | null,
  /** The table and scope of a hand-written resource's rows (users): the engine's by default. */
  rows?: { table: string; scope: Record<string, number> },
) {
  const unique = definition.fields.filter(
    (f) => f.custom && f.unique && values[f.source] !== undefined && values[f.source] !== null,
  );
  if (unique.length === 0) return;
  const scope = rows?.scope ?? scopeColumns(definition, ctx, 'edit');
  // A table in each project's schema has no scope column: its project is in the lock.
  const project = rows ? [] : [definition.storage?.project ?? ''];
  const lock = `${definition.name}:${[...Object.values(scope), ...project].join(':')}`;
  const key = rows ? 't.id' : keyColumn(definition);
  await sql`SELECT pg_advisory_xact_lock(hashtext(${lock}))`.execute(trx);
  for (const f of unique) {
    let query = engineDb(trx)
      .selectFrom(`${rows?.table ?? tableOf(definition)} as t`)
      .select(key)
      .where(inScope(scope, 't.'))
      .where(sql`t.custom ->> ${f.source}`, '=', String(values[f.source]));
    if (id !== null) query = query.where(key, '<>', id);
    if (!(await query.executeTakeFirst())) continue;
    throw engineTexts.refusal(ctx.user, 'duplicate', {
      what: titleOf(definition, ctx).toLowerCase(),
      field: fieldLabel(definition, f.source, ctx).toLowerCase(),
      value: String(values[f.source]),
    });
  }
}

/**
 * A written row with the fields its `sql` hooks read (the models' platform code), which an
 * insert's or an update's RETURNING does not have: read again in the write's transaction.
 */
async function withHooked(
  definition: ResourceDefinition,
  ctx: OperationContext,
  trx: Db,
  row: Row,
) {
  if (hookedColumns(definition).length === 0) return row;
  return storedRow(definition, ctx, trx, row[ENTITY_KEY] as RecordKey);
}

/** Runs a write in a transaction, turning a unique index's refusal into the caller's text. */
async function inTransaction<T>(
  definition: ResourceDefinition,
  ctx: OperationContext,
  values: Row,
  work: (trx: Db, hook: HookContext) => Promise<T>,
): Promise<T> {
  const committed: (() => Promise<void>)[] = [];
  const afterCommit = (task: () => Promise<void>) => void committed.push(task);
  let result: T;
  try {
    // In flight for the deep pages' anchors until committed (page-anchors.ts).
    result = await writingTable(ctx.db, tableOf(definition), () =>
      ctx.db.transaction().execute((trx) => {
        // Code that holds only the transaction may leave a task too (server/db/after-commit.ts).
        collectAfterCommit(trx, (task) => afterCommit(() => task(ctx.db)));
        return work(trx, { ctx, trx, resource: definition.name, definition, afterCommit });
      }),
    );
  } catch (error) {
    throw duplicateRefusal(definition, ctx, error, values);
  }
  // What a hook left for after the commit (a message to devices): the write stands whatever it does.
  for (const task of committed) {
    await task().catch((error: unknown) =>
      ctx.log.warn({ err: error, resource: definition.name }, 'after-commit task failed'),
    );
  }
  return result;
}

/**
 * Runs a plain write (one statement, its own transaction): in flight for the deep pages' anchors
 * as a transaction's write is, a unique index's refusal turned into the caller's text.
 */
async function asOneStatement<T>(
  definition: ResourceDefinition,
  ctx: OperationContext,
  values: Row,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await writingTable(ctx.db, tableOf(definition), work);
  } catch (error) {
    throw duplicateRefusal(definition, ctx, error, values);
  }
}

/**
 * A create's or an edit's values checked against the caller's effective definition (its custom
 * fields and overrides), refused as the services route refuses a declared field: by its label.
 */
export function parsed<E extends z.ZodRawShape>(
  definition: ResourceDefinition,
  mode: 'create' | 'edit',
  given: Row,
  ctx: OperationContext,
  name: string,
  extra?: E,
  /** The names the call gives fields (a hand-written call's, as `recordParameter` takes them). */
  rename?: Readonly<Record<string, string>>,
): Row {
  const result = cachedRecordParameter(definition, mode, extra, rename).safeParse(given);
  if (result.success) return result.data as Row;
  const language = ctx.language ?? languageOf(ctx.user.language);
  const detail = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'parameter'}: ${issue.message}`)
    .join('; ');
  throw new ServiceError(
    fieldIssueTexts(result.error, language) ??
      message(language, 'badParameter', { operation: name, detail }),
  );
}

export function createOperation(
  resolve: ResolveDefinition,
  name: string,
  permission: Permission,
  extra: ExtraShape = {},
): Operation {
  return {
    name,
    parameter: z.looseObject(extra),
    permission,
    async handler(sent: Row, ctx: OperationContext) {
      const definition = await resolve(ctx, sent, 'create');
      const hooks = () => hooksOf(definition.name);
      const raw = hooks().given?.(sent) ?? sent;
      const given = parsed(definition, 'create', raw, ctx, name, hooks().createParameters);
      const scope = scopeColumns(definition, ctx, 'create');
      if (isPlainWrite(definition, given, 'create')) {
        const row = await asOneStatement(definition, ctx, given, () =>
          createTraced(ctx.db, ctx, definition, given, scope),
        );
        return presentedRow(definition, row, ctx);
      }
      // What a hook answers once beside the row (a secret shown once): never stored or logged.
      const once: Row = {};
      const row = await inTransaction(definition, ctx, given, async (trx, inner) => {
        const hook = { ...inner, answerOnce: (values: Row) => void Object.assign(once, values) };
        const values = (await hooks().beforeCreate?.(given, hook)) ?? given;
        await runGuards(hooks(), values, null, hook);
        await checkReferences(definition, ctx, trx, values);
        await checkCustomUnique(definition, ctx, trx, values, null);
        const stored = await engineDb(trx)
          .insertInto(tableOf(definition))
          .values({ ...insertColumnsOf(definition, values), ...scope })
          .returningAll()
          .executeTakeFirstOrThrow();
        const row = await withHooked(definition, ctx, trx, rowOf(definition, stored));
        await hooks().afterCreate?.(row, hook);
        await traceWrite(trx, ctx, definition, row[ENTITY_KEY] as RecordKey, row, {
          change: 'create',
          before: null,
          after: row,
        });
        return row;
      });
      // Figures from other tables are read once the write is committed, outside its transaction.
      return { ...(await presentedRow(definition, row, ctx)), ...once };
    },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A value as compared with the stored one: an empty text is no value. */
const plain = (value: unknown) => (value === '' || value === undefined ? null : value);

/**
 * Refuses an edit that changes a field the caller may not change: read-only or not in the edit
 * form, as declared or as an override of the "Recursos" editor made it (issue 34, point 9). The
 * same value sent back (a form sends the record it read) is no change, so it passes.
 */
function refuseFixedChanges(
  definition: ResourceDefinition,
  raw: Row,
  before: Row,
  ctx: OperationContext,
) {
  for (const f of definition.fields) {
    if (f.computed || (f.edit && !f.readOnly) || !Object.hasOwn(raw, f.source)) continue;
    const given = plain(raw[f.source]);
    const stored = plain(before[f.source]);
    if (same(given, stored) || String(given) === String(stored)) continue;
    throw engineTexts.refusal(ctx.user, 'fixedField', {
      field: fieldLabel(definition, f.source, ctx),
    });
  }
}

/** The refusal of an edit made from `version` of a record now at another (REST: 409 Conflict). */
function staleRefusal(
  definition: ResourceDefinition,
  ctx: OperationContext,
  before: Row,
  version: number,
) {
  const stale = engineTexts.refusal(ctx.user, 'stale', {
    what: titleOf(definition, ctx),
    label: recordLabel(definition, before),
    current: String(before[ENTITY_VERSION]),
    given: String(version),
  });
  // 409: the status of a write whose precondition no longer holds.
  return new ServiceError(stale.message, stale.code, stale.status, 409);
}

/** Refuses an edit of a record read at another version, or of fields the caller may not change. */
function checkEditable(
  definition: ResourceDefinition,
  ctx: OperationContext,
  raw: Row,
  before: Row,
  version: number,
) {
  if (before[ENTITY_VERSION] !== version) throw staleRefusal(definition, ctx, before, version);
  refuseFixedChanges(definition, raw, before, ctx);
}

/** The values that change the record: those the same as stored are no change. */
const changedOf = (asked: Row, before: Row): Row =>
  Object.fromEntries(
    Object.entries(asked).filter(([source, value]) => !same(value, before[source])),
  );

export function editOperation(
  resolve: ResolveDefinition,
  name: string,
  permission: Permission,
  extra: ExtraShape = {},
): Operation {
  const keys = {
    [ENTITY_KEY]: extra[ENTITY_KEY] ?? idSchema,
    [ENTITY_VERSION]: z.number().int().min(1).optional(),
  };
  return {
    name,
    parameter: z.looseObject(extra),
    permission,
    async handler(raw: Row, ctx: OperationContext) {
      const definition = await resolve(ctx, raw, 'edit');
      const hooks = () => hooksOf(definition.name);
      const given = parsed(definition, 'edit', raw, ctx, name, keys);
      const { [ENTITY_KEY]: id, [ENTITY_VERSION]: version, ...changes } = given;
      if (typeof version !== 'number') {
        const what = lowerTitle(titleOf(definition, ctx));
        throw engineTexts.refusal(ctx.user, 'versionMissing', { what });
      }
      if (isPlainWrite(definition, changes, 'edit')) {
        const row = await asOneStatement(definition, ctx, changes, async () => {
          const before = await storedRow(definition, ctx, ctx.db, id as RecordKey, 'edit');
          checkEditable(definition, ctx, raw, before, version);
          const values = changedOf(changes, before);
          if (Object.keys(values).length === 0) return before;
          const after = await updateTraced(
            ctx.db,
            ctx,
            definition,
            id as RecordKey,
            before,
            values,
          );
          if (after) return after;
          // Written by another call since it was read: refused as stale (or gone: not found).
          const now = await storedRow(definition, ctx, ctx.db, id as RecordKey, 'edit');
          throw staleRefusal(definition, ctx, now, version);
        });
        return presentedRow(definition, row, ctx);
      }
      const row = await inTransaction(definition, ctx, changes, async (trx, hook) => {
        const before = await storedRow(definition, ctx, trx, id as RecordKey, 'lock');
        checkEditable(definition, ctx, raw, before, version);
        const asked = (await hooks().beforeEdit?.(changes, before, hook)) ?? changes;
        const values = changedOf(asked, before);
        if (Object.keys(values).length === 0) return before;
        await runGuards(hooks(), values, before, hook);
        await checkReferences(definition, ctx, trx, values);
        await checkCustomUnique(definition, ctx, trx, values, id as RecordKey);
        if (!hooks().afterEdit && hookedColumns(definition).length === 0) {
          // The row is locked: the update finds it at the version read.
          const after = await updateTraced(trx, ctx, definition, id as RecordKey, before, values);
          return after!;
        }
        const stored = await engineDb(trx)
          .updateTable(tableOf(definition))
          .set({
            ...columnsOf(definition, values),
            version: sql`version + 1`,
            updated_at: sql`now()`,
          })
          .where(columnOf(ENTITY_KEY, definition), '=', id as RecordKey)
          .where(inScope(scopeColumns(definition, ctx, 'edit')))
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = await withHooked(definition, ctx, trx, rowOf(definition, stored));
        await hooks().afterEdit?.(after, before, hook);
        // A column a hook writes beside the fields (a password's hash) is not the record's.
        const changed = Object.keys(values).filter((s) =>
          definition.fields.some((f) => f.source === s),
        );
        const pick = (row: Row) => Object.fromEntries(changed.map((s) => [s, row[s]]));
        await traceWrite(
          trx,
          ctx,
          definition,
          id as RecordKey,
          after,
          {
            change: 'edit',
            before: { ...pick(before), [ENTITY_VERSION]: before[ENTITY_VERSION] },
            after: { ...pick(after), [ENTITY_VERSION]: after[ENTITY_VERSION] },
          },
          { changed },
        );
        return after;
      });
      return presentedRow(definition, row, ctx);
    },
  };
}

export function deleteOperation(
  resolve: ResolveDefinition,
  name: string,
  permission: Permission,
  extra: ExtraShape = {},
): Operation {
  // A text key's schema, when the definition has one, comes in `extra` (keys.ts).
  const parameter = z.object({ [ENTITY_KEY]: idSchema, ...extra });
  return {
    name,
    parameter,
    permission,
    async handler(given: Record<string, unknown>, ctx: OperationContext) {
      const definition = await resolve(ctx, given, 'delete');
      const hooks = () => hooksOf(definition.name);
      const id = given[ENTITY_KEY] as RecordKey;
      return inTransaction(definition, ctx, {}, async (trx, hook) => {
        const before = await storedRow(definition, ctx, trx, id, 'lock');
        await hooks().beforeDelete?.(before, hook);
        await engineDb(trx)
          .deleteFrom(tableOf(definition))
          .where(columnOf(ENTITY_KEY, definition), '=', id)
          .where(inScope(scopeColumns(definition, ctx, 'delete')))
          .execute()
          .catch((error: unknown) => {
            throw inUseRefusal(definition, ctx, error, before);
          });
        await hooks().afterDelete?.(before, hook);
        await traceWrite(trx, ctx, definition, id, before, {
          change: 'delete',
          before,
          after: null,
        });
        return before;
      });
    },
  };
}

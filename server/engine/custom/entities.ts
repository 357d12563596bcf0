import { sql } from 'kysely';
import { z } from 'zod';
import {
  CUSTOM_RECORDS,
  customEntityDefinition,
  customEntitySchema,
  type CustomEntity,
} from '../../../protocol/custom-entity';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { resourceDefinition } from '../../../protocol/resources';
import { recordAction } from '../../actions-log';
import type { Db } from '../../db/database';
import { defineOperation, type OperationContext } from '../../services/registry';
import { idSchema } from '../read';
import { announceCustoms, customCatalogue, storedEntity } from './catalogue';
import { changeTable } from './storage';
import { customTexts } from './texts';

/**
 * `/api/rest/custom-entities` (issue 34, points 8 and 11): an operator's entities, created,
 * changed, deleted (kept 30 days, restorable) and restored by company administrators. Each save
 * makes or changes the entity's table in its transaction and is announced on the bus, so every
 * node serves the entity at once (its records: server/engine/custom/records.ts).
 */

/** How long a deleted entity's table and records are kept, restorable. */
export const CUSTOM_ENTITY_KEEP_DAYS = 30;
export const customEntityCutoff = (now: Date) =>
  new Date(now.getTime() - CUSTOM_ENTITY_KEEP_DAYS * 86_400_000);

type EntityRow = {
  id: number | string;
  name: string;
  table: string;
  scope: string;
  title: unknown;
  fields: unknown;
  permissions: unknown;
  menu: unknown;
  version: number;
  updated_at: Date;
  deleted_at: Date | null;
};

/** A stored entity as the wire has it: the body's keys, its id, version and dates. */
function wireOf(row: EntityRow) {
  return {
    id: Number(row.id),
    name: row.name,
    scope: row.scope,
    title: row.title,
    fields: row.fields,
    permissions: row.permissions,
    menu: row.menu,
    version: row.version,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    deleted: row.deleted_at !== null,
  };
}

function companyOf(ctx: OperationContext): number {
  if (ctx.user.companyId === null)
    throw customTexts.refusal(ctx.user, 'entityNotFound', { id: '' });
  return ctx.user.companyId;
}

/** The body checked, or refused naming each problem by its path. */
function parsedEntity(ctx: OperationContext, body: unknown): CustomEntity {
  const parsed = customEntitySchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  throw customTexts.refusal(ctx.user, 'badEntity', { detail });
}

/** Each reference must name a resource: a declared one or another of the company's entities. */
async function checkReferences(ctx: OperationContext, company: number, entity: CustomEntity) {
  const customs = await customCatalogue(ctx.db).of(company);
  for (const f of entity.fields) {
    if (f.type !== 'reference' || !f.reference) continue;
    if (resourceDefinition(f.reference) || customs.entities.has(f.reference)) continue;
    if (f.reference === entity.name) continue;
    throw customTexts.refusal(ctx.user, 'noReference', { field: f.label.es, name: f.reference });
  }
}

async function storedRow(db: Db, company: number, id: number, forUpdate = false) {
  let query = db
    .selectFrom('core.custom_entities')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', company);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

const listParameter = z.object({
  datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
  filter: z
    .object({
      q: z.string().trim().max(200).optional(),
      deleted: z
        .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
        .nullish(),
    })
    .catchall(z.unknown())
    .default({}),
});

/** `customEntities` {datatable, filter: {q?, deleted?}}: the company's entities, deleted ones apart. */
export const customEntities = defineOperation({
  name: 'customEntities',
  parameter: listParameter,
  permission: 'admin',
  async handler({ datatable, filter }, ctx) {
    const company = companyOf(ctx);
    let query = ctx.db
      .selectFrom('core.custom_entities')
      .where('company_id', '=', company)
      .where('deleted_at', filter.deleted ? 'is not' : 'is', null);
    if (filter.q) query = query.where('name', 'ilike', `%${escapeLike(filter.q)}%`);
    const order = datatable.orderBy === 'updatedAt' ? 'updated_at' : 'name';
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy(order, datatable.orderDir)
        .orderBy('id')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map(wireOf), total: Number(count.total) };
  },
});

export const customEntity = defineOperation({
  name: 'customEntity',
  parameter: z.object({ id: idSchema }),
  permission: 'admin',
  async handler({ id }, ctx) {
    const row = await storedRow(ctx.db, companyOf(ctx), id);
    if (!row) throw customTexts.refusal(ctx.user, 'entityNotFound', { id });
    return wireOf(row);
  },
});

export const createCustomEntity = defineOperation({
  name: 'createCustomEntity',
  parameter: z.looseObject({}),
  permission: 'admin',
  async handler(body, ctx) {
    const company = companyOf(ctx);
    const entity = parsedEntity(ctx, body);
    if (resourceDefinition(entity.name) || entity.name === CUSTOM_RECORDS) {
      throw customTexts.refusal(ctx.user, 'nameTaken', { name: entity.name });
    }
    await checkReferences(ctx, company, entity);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('core.custom_entities')
        .select('id')
        .where('company_id', '=', company)
        .where('name', '=', entity.name)
        .executeTakeFirst();
      if (taken) throw customTexts.refusal(ctx.user, 'nameTaken', { name: entity.name });
      const inserted = await trx
        .insertInto('core.custom_entities')
        .values({
          company_id: company,
          name: entity.name,
          table: sql<string>`'cx_' || nextval(pg_get_serial_sequence('core.custom_entities', 'id'))`,
          scope: entity.scope,
          title: JSON.stringify(entity.title),
          fields: JSON.stringify(entity.fields),
          permissions: JSON.stringify(entity.permissions),
          menu: JSON.stringify(entity.menu),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const stored = storedEntity(inserted)!;
      await changeTable(trx, company, null, customEntityDefinition(stored));
      await recordAction(
        ctx,
        'record_created',
        { resource: 'custom-entities', id: Number(inserted.id), name: entity.name },
        trx,
      );
      return inserted;
    });
    await announceCustoms(ctx.db, company, ctx.log);
    return wireOf(row);
  },
});

export const updateCustomEntity = defineOperation({
  name: 'updateCustomEntity',
  parameter: z.looseObject({ id: idSchema, version: z.number().int().min(1).optional() }),
  permission: 'admin',
  async handler({ id, version, ...body }, ctx) {
    const company = companyOf(ctx);
    const row = await ctx.db.transaction().execute(async (trx) => {
      const before = await storedRow(trx, company, id, true);
      if (!before) throw customTexts.refusal(ctx.user, 'entityNotFound', { id });
      const old = storedEntity(before)!;
      // The name is the entity's address: it stays.
      const { title, fields, permissions, menu } = { ...wireOf(before), ...body };
      // Its scope too: the table's columns follow it.
      const scope = before.scope;
      const entity = parsedEntity(ctx, {
        name: before.name,
        title,
        fields,
        permissions,
        menu,
        scope,
      });
      if (version !== undefined && version !== before.version) {
        throw customTexts.refusal(ctx.user, 'staleEntity', {
          name: before.name,
          current: before.version,
          given: version,
        });
      }
      for (const f of entity.fields) {
        const was = old.fields.find((o) => o.name === f.name);
        if (was && was.type !== f.type) {
          throw customTexts.refusal(ctx.user, 'fieldTypeChanged', {
            name: f.name,
            before: was.type,
            after: f.type,
          });
        }
      }
      await checkReferences(ctx, company, entity);
      const after = { ...entity, table: before.table };
      const summary = await changeTable(
        trx,
        company,
        customEntityDefinition(old),
        customEntityDefinition(after),
      );
      const updated = await trx
        .updateTable('core.custom_entities')
        .set({
          title: JSON.stringify(entity.title),
          fields: JSON.stringify(entity.fields),
          permissions: JSON.stringify(entity.permissions),
          menu: JSON.stringify(entity.menu),
          version: sql`version + 1`,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAction(
        ctx,
        'record_modified',
        { resource: 'custom-entities', id, name: before.name, changed: summary },
        trx,
      );
      return updated;
    });
    await announceCustoms(ctx.db, company, ctx.log);
    return wireOf(row);
  },
});

/** `deleteCustomEntity` {id}: out of the menu, the API and the console; kept 30 days. */
export const deleteCustomEntity = defineOperation({
  name: 'deleteCustomEntity',
  parameter: z.object({ id: idSchema }),
  permission: 'admin',
  async handler({ id }, ctx) {
    const company = companyOf(ctx);
    const row = await ctx.db
      .updateTable('core.custom_entities')
      .set({ deleted_at: sql`now()` })
      .where('id', '=', id)
      .where('company_id', '=', company)
      .where('deleted_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw customTexts.refusal(ctx.user, 'entityNotFound', { id });
    await recordAction(ctx, 'record_deleted', { resource: 'custom-entities', id, name: row.name });
    await announceCustoms(ctx.db, company, ctx.log);
    return wireOf(row);
  },
});

/** `restoreCustomEntity` {id}: a deleted entity back, with its records, within its 30 days. */
export const restoreCustomEntity = defineOperation({
  name: 'restoreCustomEntity',
  parameter: z.object({ id: idSchema }),
  permission: 'admin',
  async handler({ id }, ctx) {
    const company = companyOf(ctx);
    const before = await storedRow(ctx.db, company, id);
    if (!before) throw customTexts.refusal(ctx.user, 'entityNotFound', { id });
    if (!before.deleted_at)
      throw customTexts.refusal(ctx.user, 'notDeleted', { name: before.name });
    const row = await ctx.db
      .updateTable('core.custom_entities')
      .set({ deleted_at: null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAction(ctx, 'record_modified', {
      resource: 'custom-entities',
      id,
      name: row.name,
      restored: true,
    });
    await announceCustoms(ctx.db, company, ctx.log);
    return wireOf(row);
  },
});

import { sql } from 'kysely';
import { z } from 'zod';
import { customFieldBodySchema, type CustomField } from '../../../protocol/custom-entity';
import { takesCustomFields } from '../../../protocol/custom-fields';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { resourceDefinition } from '../../../protocol/resources';
import { recordAction } from '../../actions-log';
import { languageOf } from '../../messages';
import { defineOperation, type OperationContext } from '../../services/registry';
import { idSchema } from '../read';
import { announceCustoms, customCatalogue } from './catalogue';
import { customTexts } from './texts';

/**
 * `/api/rest/custom-fields` (issue 34, points 7 and 11): fields a company adds to a resource the
 * engine stores (a declared owned entity such as managed-apps, or one of its custom entities).
 * Their values are keys of the table's JSON column `custom`; the engine validates, lists,
 * filters, sorts and exports them as declared fields (server/engine/custom-fields.ts).
 */

type FieldRow = {
  id: number | string;
  resource: string;
  name: string;
  field: unknown;
  version: number;
  updated_at: Date;
};

function wireOf(row: FieldRow) {
  const field = row.field as CustomField;
  return {
    ...field,
    id: Number(row.id),
    resource: row.resource,
    version: row.version,
    updatedAt: row.updated_at,
  };
}

function companyOf(ctx: OperationContext): number {
  if (ctx.user.companyId === null) throw customTexts.refusal(ctx.user, 'fieldNotFound', { id: '' });
  return ctx.user.companyId;
}

/** The body checked: a field of a resource the engine stores, a name the resource has not. */
async function checkedField(ctx: OperationContext, company: number, body: unknown) {
  const parsed = customFieldBodySchema.safeParse(body);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ');
    throw customTexts.refusal(ctx.user, 'badField', { detail });
  }
  const { resource, ...field } = parsed.data;
  const customs = await customCatalogue(ctx.db).of(company);
  const target = resourceDefinition(resource) ?? customs.entities.get(resource)?.definition;
  if (!target || !takesCustomFields(target))
    throw customTexts.refusal(ctx.user, 'noResource', { name: resource });
  if (target.fields.some((f) => f.source === field.name)) {
    const title = target.title.many[languageOf(ctx.user.language)];
    throw customTexts.refusal(ctx.user, 'fieldTaken', { resource: title, name: field.name });
  }
  if (
    field.reference &&
    !resourceDefinition(field.reference) &&
    !customs.entities.has(field.reference)
  ) {
    throw customTexts.refusal(ctx.user, 'noReference', {
      field: field.label.es,
      name: field.reference,
    });
  }
  return { resource, field: field as CustomField, target };
}

export const customFields = defineOperation({
  name: 'customFields',
  parameter: z.object({
    datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
    filter: z
      .object({ resource: z.string().max(60).optional(), q: z.string().max(200).optional() })
      .catchall(z.unknown())
      .default({}),
  }),
  permission: 'admin',
  async handler({ datatable, filter }, ctx) {
    let query = ctx.db.selectFrom('core.custom_fields').where('company_id', '=', companyOf(ctx));
    if (filter.resource) query = query.where('resource', '=', filter.resource);
    if (filter.q) query = query.where('name', 'ilike', `%${escapeLike(filter.q)}%`);
    const order = datatable.orderBy === 'name' ? 'name' : 'resource';
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

export const customField = defineOperation({
  name: 'customField',
  parameter: z.object({ id: idSchema }),
  permission: 'admin',
  async handler({ id }, ctx) {
    const row = await ctx.db
      .selectFrom('core.custom_fields')
      .selectAll()
      .where('id', '=', id)
      .where('company_id', '=', companyOf(ctx))
      .executeTakeFirst();
    if (!row) throw customTexts.refusal(ctx.user, 'fieldNotFound', { id });
    return wireOf(row);
  },
});

export const createCustomField = defineOperation({
  name: 'createCustomField',
  parameter: z.looseObject({}),
  permission: 'admin',
  async handler(body, ctx) {
    const company = companyOf(ctx);
    const { resource, field } = await checkedField(ctx, company, body);
    const taken = await ctx.db
      .selectFrom('core.custom_fields')
      .select('id')
      .where('company_id', '=', company)
      .where('resource', '=', resource)
      .where('name', '=', field.name)
      .executeTakeFirst();
    if (taken) throw customTexts.refusal(ctx.user, 'fieldTaken', { resource, name: field.name });
    const row = await ctx.db
      .insertInto('core.custom_fields')
      .values({ company_id: company, resource, name: field.name, field: JSON.stringify(field) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAction(ctx, 'record_created', {
      resource: 'custom-fields',
      id: Number(row.id),
      name: `${resource}.${field.name}`,
    });
    await announceCustoms(ctx.db, company, ctx.log);
    return wireOf(row);
  },
});

export const updateCustomField = defineOperation({
  name: 'updateCustomField',
  parameter: z.looseObject({ id: idSchema }),
  permission: 'admin',
  async handler({ id, ...body }, ctx) {
    const company = companyOf(ctx);
    const before = await ctx.db
      .selectFrom('core.custom_fields')
      .selectAll()
      .where('id', '=', id)
      .where('company_id', '=', company)
      .executeTakeFirst();
    if (!before) throw customTexts.refusal(ctx.user, 'fieldNotFound', { id });
    const old = before.field as CustomField;
    const merged = { ...old, ...body, resource: before.resource, name: before.name };
    for (const key of ['id', 'version', 'updatedAt'])
      delete (merged as Record<string, unknown>)[key];
    const parsed = customFieldBodySchema.safeParse(merged);
    if (!parsed.success) return checkedField(ctx, company, merged).then(() => null);
    const { resource: _resource, ...field } = parsed.data;
    if (field.type !== old.type) {
      throw customTexts.refusal(ctx.user, 'fieldTypeChanged', {
        name: field.name,
        before: old.type,
        after: field.type,
      });
    }
    const row = await ctx.db
      .updateTable('core.custom_fields')
      .set({ field: JSON.stringify(field), version: sql`version + 1`, updated_at: sql`now()` })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAction(ctx, 'record_modified', {
      resource: 'custom-fields',
      id,
      name: `${before.resource}.${before.name}`,
    });
    await announceCustoms(ctx.db, company, ctx.log);
    return wireOf(row);
  },
});

/** `deleteCustomField` {id}: the field leaves every screen and call; its stored values stay. */
export const deleteCustomField = defineOperation({
  name: 'deleteCustomField',
  parameter: z.object({ id: idSchema }),
  permission: 'admin',
  async handler({ id }, ctx) {
    const company = companyOf(ctx);
    const row = await ctx.db
      .deleteFrom('core.custom_fields')
      .where('id', '=', id)
      .where('company_id', '=', company)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw customTexts.refusal(ctx.user, 'fieldNotFound', { id });
    await recordAction(ctx, 'record_deleted', {
      resource: 'custom-fields',
      id,
      name: `${row.resource}.${row.name}`,
    });
    await announceCustoms(ctx.db, company, ctx.log);
    return wireOf(row);
  },
});

import { isAdmin } from '../../protocol/roles';
import { sql } from 'kysely';
import { z } from 'zod';
import { datatableSchema, type Page } from '../../protocol/paging';
import { REVISIONS } from '../../protocol/resources/revisions';
import type { ResourceDefinition } from '../../protocol/resource-definition';
import { customCatalogue } from './custom/catalogue';
import type { Db } from '../db/database';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../resources/definition-filters';
import { defineOperation, isPermitted, type OperationContext } from '../services/registry';
import { sortBy, sortFields } from '../services/sort-fields';

/**
 * `revisions` (docs/resources.md, "Revisions"): the company's engine writes, newest first, paged
 * in SQL; `filter.resource` and `filter.record` select one resource and one record exactly. A
 * caller sees the revisions of the resources whose list they may read, and only those.
 */

const FILTER_COLUMNS = {
  at: sql.ref('at'),
  action: sql.ref('action'),
  login: sql.ref('login'),
  channel: sql.ref('channel'),
};
const SORTS = sortFields({ at: 'id', login: 'login' } as const);

export interface RevisionRow {
  id: number;
  at: Date;
  resource: string;
  record: string;
  action: string;
  login: string | null;
  channel: string;
  before: unknown;
  after: unknown;
}

/** The engine resources whose list the caller may read. */
async function readable(definitions: ResourceDefinition[], ctx: OperationContext) {
  const names: string[] = [];
  for (const definition of definitions) {
    const permission = definition.verbs.list?.permission;
    if (!permission) continue;
    // A project's node (the platforms): the company's administrators, who reach every project.
    const may =
      'role' in permission
        ? await isPermitted(permission.role, {}, ctx)
        : isAdmin(ctx.user.profile);
    if (may) names.push(definition.name);
  }
  return names;
}

export function revisionsOperation(definitions: ResourceDefinition[]) {
  return defineOperation({
    name: 'revisions',
    parameter: z.object({
      datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'desc' }),
      filter: plainFilterSchema({
        q: z.string().max(200).optional(),
        resource: z.string().max(64).optional(),
        record: z.union([z.string().max(64), z.number()]).optional(),
      }),
      ...rowFilterParameters,
    }),
    permission: 'user',
    async handler(given, ctx): Promise<Page<RevisionRow>> {
      const { datatable, filter } = given;
      const { resource, record, ...plain } = filter;
      const filters = definitionFilters(
        REVISIONS,
        FILTER_COLUMNS,
        { ...given, filter: plain },
        ctx.user,
      );
      const order = sortBy(ctx.user, SORTS, datatable.orderBy, 'id');
      // A company's custom entities keep their history too (issue 34, point 8).
      const customs =
        ctx.user.companyId === null ? null : await customCatalogue(ctx.db).of(ctx.user.companyId);
      // A project entity's history is the company administrators' (who reach every project):
      // the revisions do not say which project a record is in.
      const custom = [...(customs?.entities.values() ?? [])]
        .map((e) => e.definition)
        .filter((d) => d.scope !== 'project' || isAdmin(ctx.user.profile));
      const allowed = await readable([...definitions, ...custom], ctx);
      if (ctx.user.companyId === null || allowed.length === 0) return { data: [], total: 0 };
      let query = ctx.db
        .selectFrom('core.revisions')
        .where('company_id', '=', ctx.user.companyId)
        .where('resource', 'in', allowed)
        .where(filters);
      if (resource) query = query.where('resource', '=', resource);
      if (record !== undefined) query = query.where('record', '=', String(record));
      const [rows, count] = await Promise.all([
        query
          .select([
            'id',
            'at',
            'resource',
            'record',
            'action',
            'login',
            'channel',
            'before',
            'after',
          ])
          .orderBy(order, datatable.orderDir)
          .orderBy('id', datatable.orderDir)
          .offset(datatable.start)
          .limit(datatable.length)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { data: rows as RevisionRow[], total: Number(count.total) };
    },
  });
}

/** Deletes the revisions older than `days` (REVISIONS_KEEP_DAYS); answers how many went. */
export async function purgeRevisions(db: Db, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 24 * 3600 * 1000);
  const result = await db.deleteFrom('core.revisions').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

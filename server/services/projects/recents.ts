import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import type { Page } from '../../../protocol/paging';
import { projectListRow, type ProjectListRow } from '../../../protocol/project-list';
import { PROJECT_TYPES } from '../../../protocol/projects';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { RECENT_PROJECTS } from '../../../protocol/resources/recent-projects';
import { SHARED_PROJECTS } from '../../../protocol/resources/shared-projects';
import { isAdmin } from '../../../protocol/roles';
import { definitionFilters, plainFilterSchema } from '../../resources/definition-filters';
import { defineOperation, type OperationContext } from '../registry';
import { projectEntries } from './entries';
import { projectDatatable, projectFilterColumns, projectOrder, type ProjectSort } from './list-sql';
import { reachableBy } from './rule';

/**
 * `{datatable, filter}`: a page sorted by a declared field (protocol/resources/project-fields.ts),
 * `q` in the name or database name, and the declared filter fields (type, owner, role), all in SQL.
 */
const listParameter = {
  datatable: projectDatatable,
  filter: plainFilterSchema({ q: z.string().trim().max(200).optional() }),
};

type ListInput = {
  datatable: z.infer<typeof projectDatatable>;
  filter: { q?: string } & Record<string, unknown>;
};

/**
 * The caller's reachable projects not marked deleted, with their owner and the caller's last
 * access, matching `q` and the filter fields of the list's definition.
 */
function reachableProjects(
  ctx: OperationContext,
  definition: ResourceDefinition,
  given: ListInput,
) {
  const { db, user } = ctx;
  const filters = definitionFilters(definition, projectFilterColumns(user), given, user);
  let query = db
    .selectFrom('core.projects as p')
    .innerJoin('core.users as o', 'o.id', 'p.owner_id')
    .leftJoin('core.project_recents as r', (join) =>
      join.onRef('r.numero', '=', 'p.numero').on('r.user_id', '=', user.id),
    )
    .where(reachableBy(user))
    .where('p.deleted', '=', false)
    .where(filters);
  const q = given.filter.q;
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    query = query.where((eb) =>
      eb.or([eb('p.name', 'ilike', pattern), eb('p.dbname', 'ilike', pattern)]),
    );
  }
  return query;
}

type ProjectQuery = ReturnType<typeof reachableProjects>;

/** One page in the asked order (or the list's own), with the total, as rows of the lists. */
async function page(
  ctx: OperationContext,
  definition: ResourceDefinition,
  query: ProjectQuery,
  datatable: ListInput['datatable'],
  fallback: { field: ProjectSort; order: 'asc' | 'desc' },
): Promise<Page<ProjectListRow>> {
  let ordered = query.select('p.numero');
  const orders = projectOrder({ definition, user: ctx.user }, datatable, fallback);
  for (const order of orders) ordered = ordered.orderBy(order);
  const [rows, { total }] = await Promise.all([
    ordered.offset(datatable.start).limit(datatable.length).execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const entries = await projectEntries(
    ctx,
    rows.map((row) => row.numero),
  );
  const admin = isAdmin(ctx.user.profile);
  return { data: entries.map((entry) => projectListRow(entry, admin)), total: Number(total) };
}

/**
 * `recents` (000 §2 recent projects): the projects the caller can reach, the last opened first
 * (projectAccess records it), those never opened last, then by name whatever its case.
 */
export const recents = defineOperation({
  name: 'recents',
  parameter: z.object(listParameter),
  permission: 'user',
  handler(given, ctx) {
    const query = reachableProjects(ctx, RECENT_PROJECTS, given);
    return page(ctx, RECENT_PROJECTS, query, given.datatable, {
      field: 'lastaccess',
      order: 'desc',
    });
  },
});

/**
 * `shareds` (shared projects by type): the projects shared with the caller and the caller's own
 * projects shared with others, of one project type when given (`projectType`, or the filter
 * field of the same name), by name whatever its case.
 */
export const shareds = defineOperation({
  name: 'shareds',
  parameter: z.object({ projectType: z.enum(PROJECT_TYPES).optional(), ...listParameter }),
  permission: 'user',
  handler({ projectType, ...given }, ctx) {
    const { user } = ctx;
    let query = reachableProjects(ctx, SHARED_PROJECTS, given).where((eb) => {
      const share = eb
        .selectFrom('core.project_shares as s')
        .select('s.numero')
        .whereRef('s.numero', '=', 'p.numero');
      return eb.or([
        eb.exists(share.where('s.user_id', '=', user.id)),
        eb.and([eb('p.owner_id', '=', user.id), eb.exists(share)]),
      ]);
    });
    if (projectType) query = query.where('p.project_type', '=', projectType);
    return page(ctx, SHARED_PROJECTS, query, given.datatable, { field: 'name', order: 'asc' });
  },
});

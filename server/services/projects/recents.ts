import { sql } from 'kysely';
import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema, type Page } from '../../../protocol/paging';
import { PROJECT_TYPES, type ProjectEntry } from '../../../protocol/projects';
import type { SessionUser } from '../../auth';
import type { Db } from '../../db/database';
import { defineOperation, type OperationContext } from '../registry';
import { projectEntries } from './entries';
import { reachableBy } from './rule';

const listParameter = {
  datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
  filter: z.object({ q: z.string().trim().max(200).optional() }).default({}),
};

/** The caller's reachable projects not marked deleted, matching `q` (name or database name). */
function reachableProjects(db: Db, user: SessionUser, q: string | undefined) {
  let query = db
    .selectFrom('core.projects as p')
    .where(reachableBy(user))
    .where('p.deleted', '=', false);
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    query = query.where((eb) =>
      eb.or([eb('p.name', 'ilike', pattern), eb('p.dbname', 'ilike', pattern)]),
    );
  }
  return query;
}

async function page(
  ctx: OperationContext,
  numbers: Promise<{ numero: number }[]>,
  count: Promise<{ total: string | number | bigint }>,
): Promise<Page<ProjectEntry>> {
  const [rows, { total }] = await Promise.all([numbers, count]);
  return {
    data: await projectEntries(
      ctx,
      rows.map((row) => row.numero),
    ),
    total: Number(total),
  };
}

/**
 * `recents` (000 §2 recent projects): the projects the caller can reach, the last opened first
 * (projectAccess records it), those never opened last, then by name whatever its case.
 */
export const recents = defineOperation({
  name: 'recents',
  parameter: z.object(listParameter),
  permission: 'user',
  handler({ datatable, filter }, ctx) {
    const { db, user } = ctx;
    const query = reachableProjects(db, user, filter.q).leftJoin(
      'core.project_recents as r',
      (join) => join.onRef('r.numero', '=', 'p.numero').on('r.user_id', '=', user.id),
    );
    return page(
      ctx,
      query
        .select('p.numero')
        .orderBy(sql`r.last_access DESC NULLS LAST`)
        .orderBy(sql`lower(p.name)`)
        .orderBy('p.numero')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    );
  },
});

/**
 * `shareds` (shared projects by type): the projects shared with the caller and the caller's own
 * projects shared with others, of one project type when given, by name whatever its case.
 */
export const shareds = defineOperation({
  name: 'shareds',
  parameter: z.object({ projectType: z.enum(PROJECT_TYPES).optional(), ...listParameter }),
  permission: 'user',
  handler({ projectType, datatable, filter }, ctx) {
    const { db, user } = ctx;
    let query = reachableProjects(db, user, filter.q).where((eb) => {
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
    return page(
      ctx,
      query
        .select('p.numero')
        .orderBy(sql`lower(p.name)`)
        .orderBy('p.numero')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    );
  },
});

import { sql } from 'kysely';
import { escapeLike } from '../../../protocol/filters';
import type { SessionUser } from '../../auth';
import type { Db } from '../../db/database';
import { ilike } from '../../db/filter-sql';
import { accessRule } from '../projects/access';
import { reachableBy } from '../projects/rule';

/**
 * The projects the global device search looks in: those the caller reaches (owner,
 * administrator or a share) whose tree shows their devices, not deleted, in number order; with
 * `name`, only those whose name contains it.
 */
export async function searchableProjects(db: Db, user: SessionUser, name?: string) {
  let query = db
    .selectFrom('core.projects as p')
    .leftJoin('core.project_shares as s', (join) =>
      join.onRef('s.numero', '=', 'p.numero').on('s.user_id', '=', user.id),
    )
    .select(['p.numero', 'p.name', 'p.owner_id', 'p.company_id', 'p.schema_name'])
    .select('s.access as share_access')
    .where(reachableBy(user))
    .where('p.deleted', '=', false);
  if (name) query = query.where(ilike(sql.ref('p.name'), `%${escapeLike(name)}%`));
  const projects = await query.orderBy('p.numero').execute();
  return projects.filter((project) => accessRule(user, project)('devices', 'show'));
}

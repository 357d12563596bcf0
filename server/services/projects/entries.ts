import type { ProjectEntry, ProjectType } from '../../../protocol/projects';
import type { OperationContext } from '../registry';
import { entryExtras } from './entry-extras';
import { licencesInUse } from './licence-pool';
import { accessTree, generalPermissions } from './rule';

function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * The projects `numeros` as the caller sees them (server connect, recents, shareds), in the
 * given order. Projects the caller cannot reach are left out, so a list query that filters with
 * reachableBy and this function agree.
 */
export async function projectEntries(
  ctx: OperationContext,
  numeros: number[],
): Promise<ProjectEntry[]> {
  if (numeros.length === 0) return [];
  const { db, user } = ctx;
  const rows = await db
    .selectFrom('core.projects as p')
    .innerJoin('core.users as o', 'o.id', 'p.owner_id')
    .leftJoin('core.project_shares as s', (join) =>
      join.onRef('s.numero', '=', 'p.numero').on('s.user_id', '=', user.id),
    )
    .leftJoin('core.project_recents as r', (join) =>
      join.onRef('r.numero', '=', 'p.numero').on('r.user_id', '=', user.id),
    )
    .select((eb) => [
      'p.numero',
      'p.pid',
      'p.name',
      'p.dbname',
      'p.project_type',
      'p.environment_id',
      'p.company_id',
      'p.owner_id',
      'p.schema_name',
      'p.licences',
      'p.deleted',
      'p.datedeleted',
      'o.login as owner_login',
      's.access as share_access',
      's.permissions as share_permissions',
      'r.last_access',
      eb
        .selectFrom('core.project_shares as c')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('c.numero', '=', 'p.numero')
        .as('shares'),
    ])
    .where('p.numero', 'in', numeros)
    .execute();
  const [inUse, extras] = await Promise.all([
    licencesInUse(
      db,
      rows.map((row) => row.schema_name),
    ),
    entryExtras(db, rows),
  ]);
  const entries = new Map<number, ProjectEntry>();
  for (const row of rows) {
    const tree = accessTree(user, row);
    if (tree === null) continue;
    const owner = row.owner_id === user.id;
    const used = inUse.get(row.schema_name) ?? 0;
    const { groups, platforms } = extras.get(row.numero) ?? { groups: [], platforms: [] };
    entries.set(row.numero, {
      numero: row.numero,
      pid: row.pid,
      name: row.name,
      dbname: row.dbname,
      projectType: row.project_type as ProjectType,
      environment: row.environment_id,
      owner,
      username: row.owner_login,
      licences: row.licences,
      licensesInUse: used,
      deleted: row.deleted,
      datedeleted: iso(row.datedeleted),
      lastaccess: iso(row.last_access as Date | null),
      jsonAccess: tree,
      permissions: generalPermissions(user, row, row.share_permissions),
      shares: owner ? Number(row.shares ?? 0) : 0,
      licensesbyBD: { database: row.numero, usageLicenses: used, maxLicenses: row.licences },
      hasGroups: groups.length > 0,
      groups,
      platforms,
    });
  }
  return numeros.flatMap((numero) => entries.get(numero) ?? []);
}

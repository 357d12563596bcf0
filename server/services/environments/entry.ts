import type { Selectable } from 'kysely';
import { freeLicences } from '../../../protocol/licences';
import { licenceGauges, type EnvironmentEntry } from '../../../protocol/projects';
import type { SessionUser } from '../../auth';
import type { Db } from '../../db/database';
import type { EnvironmentTable } from '../../db/schema';
import { environmentPools } from '../projects/licence-pool';
import { refusal } from './refuse';

export type EnvironmentRow = Selectable<EnvironmentTable>;

/** What an entry is made from: the environment's own columns. */
export type EnvironmentColumns = Pick<
  EnvironmentRow,
  'id' | 'name' | 'url_manager' | 'url_authority' | 'system' | 'max_licences' | 'datemask'
>;

/** The port of an environment's server address (its scheme's default when not written). */
export function portOf(address: string): number {
  const url = new URL(address);
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * The environments as the console lists them (000 §3 Environment), in the given order: their
 * licence pools and gauges (all three out of the environment's maximum) and their projects not
 * marked deleted.
 */
export async function environmentEntries(
  db: Db,
  rows: readonly EnvironmentColumns[],
): Promise<EnvironmentEntry[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [pools, counts] = await Promise.all([
    environmentPools(db, ids),
    db
      .selectFrom('core.projects')
      .select((eb) => ['environment_id', eb.fn.countAll<string>().as('n')])
      .where('environment_id', 'in', ids)
      .where('deleted', '=', false)
      .groupBy('environment_id')
      .execute(),
  ]);
  const projects = new Map(counts.map((count) => [count.environment_id, Number(count.n)]));
  return rows.map((row) => {
    const pool = pools.get(row.id) ?? { max: row.max_licences, assigned: 0, used: 0 };
    const free = freeLicences(pool);
    return {
      id: row.id,
      title: row.name,
      address: row.url_manager,
      authority: row.url_authority,
      port: portOf(row.url_manager),
      system: row.system,
      external: !row.system,
      maxLicences: pool.max,
      assignedLicences: pool.assigned,
      usedLicences: pool.used,
      freeLicences: free,
      projects: projects.get(row.id) ?? 0,
      datemask: row.datemask,
      graph: licenceGauges(pool),
    };
  });
}

/**
 * An environment of the company, or the refusal that it is not one; `lock` takes its row FOR
 * UPDATE (run inside a transaction).
 */
export async function findEnvironment(
  db: Db,
  user: SessionUser,
  companyId: number,
  id: number,
  lock = false,
): Promise<EnvironmentRow> {
  let query = db
    .selectFrom('core.environments')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw refusal(user, 'environmentNotFound', { id });
  return row;
}

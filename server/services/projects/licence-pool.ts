import { sql } from 'kysely';
import type { LicencePool } from '../../../protocol/licences';
import type { Db } from '../../db/database';

/** The licensed-device condition (LIC non-empty), as createdevicelic counts it. */
const LICENSED = sql<boolean>`coalesce("LIC", '') <> ''`;

/**
 * Devices holding a licence in each project schema, one query per 200 schemas. Schemas that do
 * not exist (a project being created) count 0.
 */
export async function licencesInUse(
  db: Db,
  schemas: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(schemas.map((schema) => [schema, 0]));
  const existing = await sql<{ schema: string }>`
    SELECT s AS schema FROM unnest(${[...schemas]}::text[]) AS s
    WHERE s ~ '^prj_[0-9]+$' AND to_regclass(quote_ident(s) || '.devices') IS NOT NULL
  `.execute(db);
  const names = existing.rows.map((row) => row.schema);
  for (let start = 0; start < names.length; start += 200) {
    const parts = names
      .slice(start, start + 200)
      .map(
        (schema) =>
          sql`SELECT ${schema}::text AS schema, count(*)::int AS n FROM ${sql.id(schema, 'devices')} WHERE ${LICENSED}`,
      );
    const result = await sql<{
      schema: string;
      n: number;
    }>`${sql.join(parts, sql` UNION ALL `)}`.execute(db);
    for (const row of result.rows) counts.set(row.schema, row.n);
  }
  return counts;
}

/**
 * The licence pools of environments: their maximum, the licences their projects hold (marked
 * deleted ones included: they keep their licences until purged or restored) and the devices
 * using them.
 */
export async function environmentPools(
  db: Db,
  environmentIds: readonly number[],
): Promise<Map<number, LicencePool>> {
  const pools = new Map<number, LicencePool>();
  if (environmentIds.length === 0) return pools;
  const environments = await db
    .selectFrom('core.environments')
    .select(['id', 'max_licences'])
    .where('id', 'in', [...environmentIds])
    .execute();
  for (const environment of environments) {
    pools.set(environment.id, { max: environment.max_licences, assigned: 0, used: 0 });
  }
  const projects = await db
    .selectFrom('core.projects')
    .select(['environment_id', 'schema_name', 'licences'])
    .where('environment_id', 'in', [...environmentIds])
    .execute();
  const inUse = await licencesInUse(
    db,
    projects.map((project) => project.schema_name),
  );
  for (const project of projects) {
    const pool = pools.get(project.environment_id);
    if (!pool) continue;
    pool.assigned += project.licences;
    pool.used += inUse.get(project.schema_name) ?? 0;
  }
  return pools;
}

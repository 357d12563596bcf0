import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { LicencePool } from '../../../protocol/licences';
import type { Db } from '../../db/database';
import type { ProjectDb } from '../../db/project-schema';

/**
 * The one licence rule (issue 17, defect 4): a device holds one licence of its project while its
 * licence code (LIC) is set. Enrolling takes one when the project has one free, "Asignar
 * licencia" gives one to a device created by hand, and deleting the device returns it. Every
 * figure of licences in use (gauges, project lists, dashboards, the server licence, the checks of
 * a change) counts devices by this condition, and nothing else.
 */
export const HOLDS_LICENCE = sql<boolean>`coalesce("LIC", '') <> ''`;

/** A licence code: 16 random hexadecimal digits in groups of four. */
export function licenceCode(): string {
  return crypto.randomBytes(8).toString('hex').toUpperCase().match(/.{4}/g)!.join('-');
}

/**
 * A project's licences and the devices holding one, with the project's row locked until the
 * transaction ends, so that two devices cannot both take its last free licence.
 */
export async function lockedLicences(
  trx: Db,
  pdb: ProjectDb,
  numero: number,
): Promise<{ licences: number; used: number }> {
  const { licences } = await trx
    .selectFrom('core.projects')
    .select('licences')
    .where('numero', '=', numero)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const { used } = await pdb
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<number>().as('used'))
    .where(HOLDS_LICENCE)
    .executeTakeFirstOrThrow();
  return { licences, used: Number(used) };
}

/** Gives a device a licence of its project when one is free; says whether it did. */
export async function licenceIfFree(
  trx: Db,
  pdb: ProjectDb,
  numero: number,
  id: number,
): Promise<boolean> {
  const { licences, used } = await lockedLicences(trx, pdb, numero);
  if (used >= licences) return false;
  await pdb.updateTable('devices').set({ LIC: licenceCode() }).where('ID', '=', id).execute();
  return true;
}

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
          sql`SELECT ${schema}::text AS schema, count(*)::int AS n FROM ${sql.id(schema, 'devices')} WHERE ${HOLDS_LICENCE}`,
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

import { sql } from 'kysely';
import { z } from 'zod';
import { isSystemSource, TABLE_SOURCES, type TableSource } from '../../protocol/tables';
import type { Db } from '../db/database';
import {
  grantsInTurn,
  type SandboxProject,
  type SandboxSession,
  type SqlSandbox,
} from '../db/sandbox';

export const sourceSchema = z.enum(TABLE_SOURCES).default('project');

/**
 * The schema a source's tables are in: the project's own, or the system source's views made by
 * project migration 0017 (`prj_<n>_ids`, `prj_<n>_manager`, `prj_<n>_replicator`).
 */
export function sourceSchemaName(project: SandboxProject, source: TableSource): string {
  return source === 'project' ? project.schema : `${project.schema}_${source.toLowerCase()}`;
}

/** Projects whose role this node has given its rights on the system sources. */
const granted = new Set<string>();

/**
 * Lets the project's role read the views of its system sources, and nothing more there (USAGE
 * on the schema, SELECT on the views); once per project and node. The role is made first if it
 * is missing (the sandbox's own grant).
 */
export async function grantSources(
  db: Db,
  sandbox: SqlSandbox,
  project: SandboxProject,
): Promise<void> {
  const role = sandbox.roleName(project.numero);
  if (granted.has(role)) return;
  await sandbox.grant(db, project);
  await grantsInTurn(db, project.numero, async (trx) => {
    for (const source of TABLE_SOURCES.filter(isSystemSource)) {
      const schema = sql.id(sourceSchemaName(project, source));
      await sql`GRANT USAGE ON SCHEMA ${schema} TO ${sql.id(role)}`.execute(trx);
      await sql`GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${sql.id(role)}`.execute(trx);
    }
  });
  granted.add(role);
}

/**
 * Prepares a session of the project's role for a source: a system source's transaction is read
 * only and its schema is the search path, so plain names in free SQL are its views.
 */
export async function enterSource(
  session: SandboxSession,
  project: SandboxProject,
  source: TableSource,
): Promise<void> {
  if (!isSystemSource(source)) return;
  await session.query('SET TRANSACTION READ ONLY');
  await session.query(`SELECT set_config('search_path', $1, true)`, [
    `"${sourceSchemaName(project, source)}"`,
  ]);
}

import { sql } from 'kysely';
import type { ProjectGroup, ProjectPlatform } from '../../../protocol/projects';
import type { Db } from '../../db/database';

export interface EntryExtras {
  groups: ProjectGroup[];
  platforms: ProjectPlatform[];
}

const NONE: EntryExtras = { groups: [], platforms: [] };

/**
 * What 000 §3 Database carries of a project's own tables: its groups (with the project's number)
 * and its active platforms, read in one statement per project. A project whose schema is not
 * there yet (being created) has none.
 */
export async function entryExtras(
  db: Db,
  projects: readonly { numero: number; schema_name: string }[],
): Promise<Map<number, EntryExtras>> {
  const answers = await Promise.all(
    projects.map(async ({ numero, schema_name: schema }) => {
      const row = await sql<{ groups: ProjectGroup[] | null; platforms: ProjectPlatform[] | null }>`
        SELECT
          (SELECT json_agg(json_build_object('ID', g."ID", 'NAME', g."NAME", 'database', ${numero}::int)
                           ORDER BY lower(g."NAME"), g."ID")
             FROM ${sql.id(schema, 'groups')} g) AS groups,
          (SELECT json_agg(json_build_object('id', p."ID", 'platform', p."PLATFORM") ORDER BY p."ID")
             FROM ${sql.id(schema, 'platforms')} p WHERE p."ACTIVE") AS platforms`
        .execute(db)
        .then((result) => result.rows[0])
        .catch(() => undefined);
      const extras = row ? { groups: row.groups ?? [], platforms: row.platforms ?? [] } : NONE;
      return [numero, extras] as const;
    }),
  );
  return new Map(answers);
}

import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { searchRowColour, startOfDay } from '../../../protocol/devices';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { ilike } from '../../db/filter-sql';
import { defineOperation } from '../registry';
import { accessRule } from '../projects/access';
import { reachableBy } from '../projects/rule';
import { platformSchema } from './fields';
import { deviceRefusal } from './texts';

/** How deep the global search pages: it merges every project's devices, so it stays a search. */
export const MAX_SEARCH_WINDOW = 10_000;

const ORDER_COLUMNS = {
  SINCRONISMO: 'SINCRONISMO',
  MID: 'MID',
  OWNER: 'OWNER',
  database: 'database',
} as const;

interface FoundDevice {
  database: number;
  name: string;
  ID: number;
  MID: string;
  OWNER: string | null;
  EMAIL: string | null;
  DEVICE_TYPE: string | null;
  MODEL: string | null;
  SINCRONISMO: Date | null;
}

/**
 * The global device search (001 "Global device search", route /app/server/search; the console's
 * call is `devicesByDatabase`): devices of every project the caller may see, whose MID or owner
 * contains `search`, newest sync first, with their project; `colour` is green when synced today.
 */
export const devicesByDatabase = defineOperation({
  name: 'devicesByDatabase',
  parameter: z.object({
    search: z.string().trim().max(200).optional(),
    platform: platformSchema,
    datatable: datatableSchema
      .extend({
        orderBy: z.enum(['SINCRONISMO', 'MID', 'OWNER', 'database']).default('SINCRONISMO'),
      })
      .default({ start: 0, length: 100, orderBy: 'SINCRONISMO', orderDir: 'desc' }),
  }),
  permission: 'user',
  async handler({ search, platform, datatable }, { db, user }) {
    const window = datatable.start + datatable.length;
    if (window > MAX_SEARCH_WINDOW) {
      throw deviceRefusal(user, 'searchWindow', { max: MAX_SEARCH_WINDOW });
    }
    // Reachable projects (owner, administrator or a share) whose tree shows their devices.
    const projects = (
      await db
        .selectFrom('core.projects as p')
        .leftJoin('core.project_shares as s', (join) =>
          join.onRef('s.numero', '=', 'p.numero').on('s.user_id', '=', user.id),
        )
        .select(['p.numero', 'p.name', 'p.owner_id', 'p.company_id', 'p.schema_name'])
        .select('s.access as share_access')
        .where(reachableBy(user))
        .where('p.deleted', '=', false)
        .orderBy('p.numero')
        .execute()
    ).filter((project) => accessRule(user, project)('devices', 'show'));
    if (projects.length === 0) return { data: [], total: 0, projects: 0 };

    const conditions: RawBuilder<unknown>[] = [];
    if (search) {
      const pattern = `%${escapeLike(search)}%`;
      conditions.push(
        sql`(${ilike(sql.ref('MID'), pattern)} OR ${ilike(sql.ref('OWNER'), pattern)})`,
      );
    }
    if (platform) conditions.push(sql`"DEVICE_TYPE" = ${platform}`);
    const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    const dir = sql.raw(datatable.orderDir === 'desc' ? 'DESC' : 'ASC');
    const column = sql.id(ORDER_COLUMNS[datatable.orderBy]);

    const parts = projects.map(
      (project) => sql`(
        SELECT ${project.numero}::int AS "database", ${project.name}::text AS "name", "ID", "MID", "OWNER",
               "EMAIL", "DEVICE_TYPE", "MODEL", "SINCRONISMO"
        FROM ${sql.id(project.schema_name, 'devices')} ${where}
        ${datatable.orderBy === 'database' ? sql`ORDER BY "ID" ${dir}` : sql`ORDER BY ${column} ${dir}, "ID" ${dir}`}
        LIMIT ${window}
      )`,
    );
    const counts = projects.map((project) =>
      search
        ? sql`(SELECT count(*) AS n FROM ${sql.id(project.schema_name, 'devices')} ${where})`
        : sql`(SELECT coalesce(sum("N"), 0) AS n FROM ${sql.id(project.schema_name, 'device_counts')}
               ${platform ? sql`WHERE "DEVICE_TYPE" = ${platform}` : sql``})`,
    );
    const [rows, count] = await Promise.all([
      sql<FoundDevice>`
        SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS found
        ORDER BY ${column} ${dir}, "database", "ID" ${dir}
        OFFSET ${datatable.start} LIMIT ${datatable.length}
      `.execute(db),
      sql<{
        total: number;
      }>`SELECT coalesce(sum(n), 0)::int8 AS total FROM (${sql.join(counts, sql` UNION ALL `)}) AS c`.execute(
        db,
      ),
    ]);
    const today = startOfDay(new Date());
    return {
      data: rows.rows.map((row) => ({ ...row, colour: searchRowColour(row.SINCRONISMO, today) })),
      total: Number(count.rows[0].total),
      projects: projects.length,
    };
  },
});

import { sql, type RawBuilder } from 'kysely';
import { z } from 'zod';
import { searchRowColour, startOfDay } from '../../../protocol/devices';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { ilike } from '../../db/filter-sql';
import { withPresence } from '../../device/presence-read';
import { defineOperation } from '../registry';
import { platformSchema } from './fields';
import { searchableProjects } from './search-projects';
import { deviceRefusal } from './texts';

/** How deep the global search pages: it merges every project's devices, so it stays a search. */
export const MAX_SEARCH_WINDOW = 10_000;

const ORDER_COLUMNS = ['SINCRONISMO', 'MID', 'OWNER', 'name', 'database'] as const;
const text = z.string().trim().max(200).optional();

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
 * The global device search (001 "Global device search", the declared resource `search` at
 * /app/server/search, protocol/resources/device-search.ts): devices of every project the caller
 * may see whose MID or owner contains `filter.q`, of the platform `filter.DEVICE_TYPE`, in the
 * projects whose name contains `filter.name`; newest sync first, with their project, `id`
 * `<project>:<ID>`, and `colour` green when synced today. It cannot count cheaply, so each page
 * is read one row longer to know whether another follows: only the last page carries `total`
 * (then known for free); the others answer without it. `search` and `platform` beside
 * `datatable` are the parameters it took before its filter, still taken.
 */
export const devicesByDatabase = defineOperation({
  name: 'devicesByDatabase',
  parameter: z.object({
    filter: z
      .object({ q: text, DEVICE_TYPE: platformSchema, name: text })
      .default({ DEVICE_TYPE: null }),
    search: text,
    platform: platformSchema,
    datatable: datatableSchema
      .extend({ orderBy: z.enum(ORDER_COLUMNS).default('SINCRONISMO') })
      .default({ start: 0, length: 100, orderBy: 'SINCRONISMO', orderDir: 'desc' }),
  }),
  permission: 'user',
  async handler({ filter, search, platform, datatable }, { db, user }) {
    const { start, length } = datatable;
    if (start + length > MAX_SEARCH_WINDOW) {
      throw deviceRefusal(user, 'searchWindow', { max: MAX_SEARCH_WINDOW });
    }
    const projects = await searchableProjects(db, user, filter.name);
    if (projects.length === 0) return { data: [], total: 0, projects: 0 };

    const q = filter.q || search;
    const type = filter.DEVICE_TYPE ?? platform;
    const conditions: RawBuilder<unknown>[] = [];
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      conditions.push(
        sql`(${ilike(sql.ref('MID'), pattern)} OR ${ilike(sql.ref('OWNER'), pattern)})`,
      );
    }
    if (type) conditions.push(sql`"DEVICE_TYPE" = ${type}`);
    const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    const dir = sql.raw(datatable.orderDir === 'desc' ? 'DESC' : 'ASC');
    const column = sql.id(datatable.orderBy);
    // The project columns are the same for all of a project's rows: its devices in ID order.
    const byProject = datatable.orderBy === 'name' || datatable.orderBy === 'database';
    // Each project's best rows up to the page's end and one more, merged, then the page.
    const parts = projects.map(
      (project) => sql`(
        SELECT ${project.numero}::int AS "database", ${project.name}::text AS "name", "ID", "MID",
               "OWNER", "EMAIL", "DEVICE_TYPE", "MODEL", "SINCRONISMO"
        FROM ${sql.id(project.schema_name, 'devices')} ${where}
        ${byProject ? sql`ORDER BY "ID" ${dir}` : sql`ORDER BY ${column} ${dir}, "ID" ${dir}`}
        LIMIT ${start + length + 1}
      )`,
    );
    const found = await sql<FoundDevice>`
      SELECT * FROM (${sql.join(parts, sql` UNION ALL `)}) AS found
      ORDER BY ${column} ${dir}, "database" ${dir}, "ID" ${dir}
      OFFSET ${start} LIMIT ${length + 1}
    `.execute(db);
    const more = found.rows.length > length;
    const today = startOfDay(new Date());
    const page = await withPresence(db, found.rows.slice(0, length));
    const data = page.map((row) => ({
      id: `${row.database}:${row.ID}`,
      ...row,
      colour: searchRowColour(row.SINCRONISMO, today),
    }));
    // The last page knows how many there are; past the end nothing says where the end was.
    const last = !more && (data.length > 0 || start === 0);
    return { data, ...(last ? { total: start + data.length } : {}), projects: projects.length };
  },
});

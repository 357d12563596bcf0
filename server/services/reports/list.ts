import { sql } from 'kysely';
import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import type { ReportRow } from '../../../protocol/reports';
import { ilike } from '../../db/filter-sql';
import type { OperationContext } from '../registry';
import { sortBy, sortFields } from '../sort-fields';
import { databaseSchema, defineProjectOperation, type ProjectAccess } from '../projects/access';

const SORTS = sortFields({ Title: 'TITLE', Modified: 'MODIFIED', ID: 'ID', Type: 'TYPE' } as const);

/** The reports the caller may see: every shared one, and their own private ones (001 §3 Code). */
export function visibleReports(project: ProjectAccess, ctx: OperationContext) {
  return project
    .db()
    .selectFrom('reports')
    .where((eb) => eb.or([eb('CODE', '=', false), eb('OWNER', '=', ctx.user.id)]));
}

type StoredReport = {
  ID: number;
  TITLE: string;
  CODE: boolean;
  SQL: string;
  TYPE: string;
  OWNER: number;
  MODIFIED: Date;
};

/** Reports as the wire carries them, with their authors' logins and whether the caller may change them. */
export async function reportRows(
  rows: StoredReport[],
  project: ProjectAccess,
  ctx: OperationContext,
): Promise<ReportRow[]> {
  const owners = [...new Set(rows.map((row) => row.OWNER))];
  const logins =
    owners.length === 0
      ? []
      : await ctx.db
          .selectFrom('core.users')
          .select(['id', 'login'])
          .where('id', 'in', owners)
          .execute();
  const loginOf = new Map(logins.map((user) => [user.id, user.login]));
  const write = project.can('reports', 'write');
  return rows.map((row) => ({
    ID: row.ID,
    Title: row.TITLE,
    Code: row.CODE,
    SQL: row.SQL,
    DBNumber: project.numero,
    Type: row.TYPE,
    Owner: loginOf.get(row.OWNER) ?? '',
    Mine: row.OWNER === ctx.user.id,
    Writable: write,
    Modified: row.MODIFIED.toISOString(),
  }));
}

const listParameter = z.object({
  database: databaseSchema,
  /** Words of the title or the SQL. */
  filter: z.string().trim().max(200).optional(),
  /** The SQL row limit the console sends with every report call (-666); lists page by datatable. */
  limit: z.number().int().optional(),
  datatable: datatableSchema.default({ start: 0, length: 25, orderDir: 'asc' }),
});

async function listReports(
  { filter, datatable }: z.infer<typeof listParameter>,
  ctx: OperationContext,
  project: ProjectAccess,
) {
  const pattern = filter ? `%${escapeLike(filter)}%` : null;
  const rows = visibleReports(project, ctx).$if(pattern !== null, (q) =>
    q.where((eb) => eb.or([ilike(eb.ref('TITLE'), pattern!), ilike(eb.ref('SQL'), pattern!)])),
  );
  const by = sortBy(ctx.user, SORTS, datatable.orderBy, 'TITLE');
  const [data, count] = await Promise.all([
    rows
      .select(['ID', 'TITLE', 'CODE', 'SQL', 'TYPE', 'OWNER', 'MODIFIED'])
      .orderBy(by === 'TITLE' ? sql`lower("TITLE")` : by, datatable.orderDir)
      .orderBy('ID')
      .limit(datatable.length)
      .offset(datatable.start)
      .execute(),
    rows.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: await reportRows(data, project, ctx),
    total: count.n,
    /** The caller may create reports (write on 'reports'). */
    writable: project.can('reports', 'write'),
  };
}

/**
 * `reportsWithPages` {database, filter, limit, datatable} (001 §7): the saved reports the caller
 * may see, searched by title or SQL, sorted and paged in SQL (default 25 a page, 001 §9).
 */
export const reportsWithPages = defineProjectOperation({
  name: 'reportsWithPages',
  parameter: listParameter,
  node: 'reports',
  mode: 'show',
  handler: listReports,
});

/** `reports` {database, filter}: the same list, in pages of the largest size by default. */
export const reports = defineProjectOperation({
  name: 'reports',
  parameter: listParameter.extend({
    datatable: datatableSchema.default({ start: 0, length: 5000, orderDir: 'asc' }),
  }),
  node: 'reports',
  mode: 'show',
  handler: listReports,
});

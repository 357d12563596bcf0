import { sql, type Expression, type SqlBool } from 'kysely';
import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import type { Db } from '../../db/database';
import { defineOperation } from '../registry';
import { companyOf, escapeLike } from './company-of';

/** Shares of `owner`'s projects with users of `reader`, counted per project. */
const sharedProjects = (owner: Expression<number>, reader: Expression<number>) =>
  sql<string>`(SELECT count(DISTINCT p.numero) FROM core.project_shares s
    JOIN core.projects p ON p.numero = s.numero AND NOT p.deleted
    JOIN core.users u ON u.id = s.user_id
    WHERE p.company_id = ${owner} AND u.company_id = ${reader})`;

/**
 * The companies that share projects with `companyId`, either way, with how many each way: the
 * only companies its certificates can be shared with.
 */
export function sharedCompaniesQuery(db: Db, companyId: number) {
  return db
    .selectFrom('core.companies as c')
    .where('c.id', '<>', companyId)
    .select((eb) => [
      'c.id',
      'c.name',
      'c.web',
      sharedProjects(sql.val(companyId), eb.ref('c.id')).as('shared_out'),
      sharedProjects(eb.ref('c.id'), sql.val(companyId)).as('shared_in'),
    ]);
}

export function isSharing(): Expression<SqlBool> {
  return sql<SqlBool>`(t.shared_out > 0 OR t.shared_in > 0)`;
}

/** `sharedCompanies` {datatable, filter: {q?}} (002 §7 "List shared companies"), paged in SQL. */
export const sharedCompanies = defineOperation({
  name: 'sharedCompanies',
  parameter: z.object({
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['name', 'shared_out', 'shared_in']).default('name') })
      .default({ start: 0, length: 25, orderBy: 'name', orderDir: 'asc' }),
    filter: z.object({ q: z.string().max(200).optional() }).default({}),
  }),
  permission: 'user',
  async handler({ datatable, filter }, { db, user }) {
    let base = sharedCompaniesQuery(db, companyOf(user));
    if (filter.q) base = base.where('c.name', 'ilike', `%${escapeLike(filter.q)}%`);
    const shared = db.selectFrom(base.as('t')).where(isSharing());
    const [rows, count] = await Promise.all([
      shared
        .selectAll()
        .orderBy(`t.${datatable.orderBy}`, datatable.orderDir)
        .orderBy('t.id')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      shared.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((row) => ({
        ...row,
        shared_out: Number(row.shared_out),
        shared_in: Number(row.shared_in),
      })),
      total: Number(count.total),
    };
  },
});

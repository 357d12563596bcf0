import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { defineOperation } from '../registry';
import { reachableBy } from './rule';

/**
 * The projects the caller can reach (owner, administrator of the company, or shared with them;
 * projects/rule.ts), not marked deleted, paged,
 * sorted and filtered in SQL: the console's project picker. `q` matches the name, or the
 * number when it is one.
 */
export const projects = defineOperation({
  name: 'projects',
  parameter: z.object({
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['name', 'numero']).default('name') })
      .default({ start: 0, length: 100, orderBy: 'name', orderDir: 'asc' }),
    filter: z.object({ q: z.string().trim().max(200).optional() }).default({}),
  }),
  permission: 'user',
  async handler({ datatable, filter }, { db, user }) {
    let query = db
      .selectFrom('core.projects as p')
      .where(reachableBy(user))
      .where('p.deleted', '=', false);
    const q = filter.q;
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      query = query.where((eb) =>
        /^\d{1,9}$/.test(q)
          ? eb.or([eb('p.name', 'ilike', pattern), eb('p.numero', '=', Number(q))])
          : eb('p.name', 'ilike', pattern),
      );
    }
    const [data, count] = await Promise.all([
      query
        .select((eb) => ['p.numero', 'p.name', eb('p.owner_id', '=', user.id).as('owner')])
        .orderBy(`p.${datatable.orderBy}`, datatable.orderDir)
        .orderBy('p.numero', datatable.orderDir)
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { data, total: Number(count.total) };
  },
});

import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { defineOperation } from '../registry';
import { accessRule } from './access';

/** No user has this id: asking the rule about a project owned by nobody gives a non-owner's answer. */
const NOBODY = -1;

/**
 * The projects of the caller's company that the caller may read, not marked deleted, paged,
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
      .where('p.company_id', '=', user.companyId ?? NOBODY)
      .where('p.deleted', '=', false);
    // accessRule (projects/access.ts) decides who reads a project; asked here about a project
    // the caller does not own, its answer says whether the owner condition is needed in SQL.
    if (!accessRule(user, { owner_id: NOBODY })('devices', 'show')) {
      query = query.where('p.owner_id', '=', user.id);
    }
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

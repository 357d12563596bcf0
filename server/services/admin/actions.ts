import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { isTopAdmin } from '../../../protocol/roles';
import { defineOperation } from '../registry';

const sortable = { at: 'at', action: 'action', login: 'login' } as const;

/** The actions log: administrators see their company's, the top administrator everyone's. */
export const actionsLog = defineOperation({
  name: 'actionsLog',
  parameter: z.object({
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['at', 'action', 'login']).default('at') })
      .default({
        start: 0,
        length: 100,
        orderBy: 'at',
        orderDir: 'desc',
      }),
    filter: z
      .object({ action: z.string().max(64).optional(), login: z.string().max(200).optional() })
      .default({}),
  }),
  permission: 'admin',
  async handler({ datatable, filter }, { db, user }) {
    let query = db.selectFrom('core.actions_log');
    if (!isTopAdmin(user.profile)) query = query.where('company_id', '=', user.companyId);
    if (filter.action) query = query.where('action', '=', filter.action);
    if (filter.login)
      query = query.where('login', 'ilike', `%${filter.login.replace(/[%_\\]/g, '\\$&')}%`);
    const [data, count] = await Promise.all([
      query
        .select(['id', 'at', 'login', 'action', 'detail'])
        .orderBy(sortable[datatable.orderBy], datatable.orderDir)
        .orderBy('id', datatable.orderDir)
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { data, total: count.total };
  },
});

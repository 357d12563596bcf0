import { sql } from 'kysely';
import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { ACTIONS } from '../../../protocol/resources/actions';
import { isTopAdmin } from '../../../protocol/roles';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../../resources/definition-filters';
import { defineOperation } from '../registry';

const sortable = { at: 'at', action: 'action', login: 'login' } as const;

/** The SQL of the declared filter fields (protocol/resources/actions.ts). */
const FILTER_COLUMNS = {
  at: sql.ref('at'),
  login: sql.ref('login'),
  action: sql.ref('action'),
  address: sql.ref('address'),
};

/**
 * The actions log: administrators see their company's, the top administrator everyone's;
 * filtered by the declared fields, in `filter` (an action code, a login contained) or with
 * their operators (`rowfilter`).
 */
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
    filter: plainFilterSchema({}),
    ...rowFilterParameters,
  }),
  permission: 'admin',
  async handler({ datatable, filter, ...given }, { db, user }) {
    const filters = definitionFilters(ACTIONS, FILTER_COLUMNS, { filter, ...given }, user);
    let query = db.selectFrom('core.actions_log').where(filters);
    if (!isTopAdmin(user.profile)) query = query.where('company_id', '=', user.companyId);
    const [data, count] = await Promise.all([
      query
        .select(['id', 'at', 'login', 'action', 'address', 'detail'])
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

import { sql } from 'kysely';
import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { isTopAdmin } from '../../../protocol/roles';
import { COMPANIES } from '../../../protocol/resources/companies';
import { logAction } from '../../actions-log';
import { rowIdSchema } from '../../db/storable';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../../resources/definition-filters';
import { defineOperation } from '../registry';
import { adminRefusal } from './texts';

const USERS_OF = sql`(SELECT count(*) FROM core.users u WHERE u.company_id = c.id)`;

/** The SQL of the declared filter fields (protocol/resources/companies.ts). */
const FILTER_COLUMNS = {
  name: sql.ref('c.name'),
  tier: sql.ref('c.tier'),
  users: USERS_OF,
  active: sql.ref('c.active'),
  created_at: sql.ref('c.created_at'),
};

/**
 * Every company with its tier, state and number of users (top administrator, /app/xonecias); a
 * company administrator gets their own alone (the company picker of /app/xoneadmin's form).
 * `q` searches the name, the declared fields filter with their operators (`rowfilter`).
 */
export const companies = defineOperation({
  name: 'companies',
  parameter: z.object({
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['name', 'created_at', 'tier']).default('name') })
      .default({ start: 0, length: 100, orderBy: 'name', orderDir: 'asc' }),
    filter: plainFilterSchema({ q: z.string().max(200).optional() }),
    ...rowFilterParameters,
  }),
  permission: 'admin',
  async handler({ datatable, filter, ...given }, { db, user }) {
    const filters = definitionFilters(COMPANIES, FILTER_COLUMNS, { filter, ...given }, user);
    let query = db
      .selectFrom('core.companies as c')
      .where(filters)
      .$if(!isTopAdmin(user.profile), (q) => q.where('c.id', '=', user.companyId ?? -1));
    if (filter.q) query = query.where('c.name', 'ilike', `%${escapeLike(filter.q)}%`);
    const [data, count] = await Promise.all([
      query
        .select((eb) => [
          'c.id',
          'c.name',
          'c.tier',
          'c.active',
          'c.created_at',
          eb
            .selectFrom('core.users as u')
            .whereRef('u.company_id', '=', 'c.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('users'),
        ])
        .orderBy(`c.${datatable.orderBy}`, datatable.orderDir)
        .orderBy('c.id')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { data, total: count.total };
  },
});

/** Enables or disables a company (002 §7 "Update company state (idcia, disabled)"). */
export const updateCompanyState = defineOperation({
  name: 'updateCompanyState',
  parameter: z.object({ idcia: rowIdSchema, disabled: z.boolean() }),
  permission: 'topadmin',
  async handler({ idcia, disabled }, { db, user }) {
    if (idcia === user.companyId && disabled) {
      throw adminRefusal(user, 'ownCompany');
    }
    const company = await db
      .updateTable('core.companies')
      .set({ active: !disabled })
      .where('id', '=', idcia)
      .returning(['id', 'name', 'tier', 'active'])
      .executeTakeFirst();
    if (!company) throw adminRefusal(user, 'companyNotFound');
    await logAction(db, {
      companyId: idcia,
      userId: user.id,
      login: user.login,
      action: disabled ? 'company_disabled' : 'company_enabled',
      detail: { company: company.name },
    });
    return company;
  },
});

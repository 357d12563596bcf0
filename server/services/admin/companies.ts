import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { logAction } from '../../actions-log';
import { rowIdSchema } from '../../db/storable';
import { defineOperation } from '../registry';
import { adminRefusal } from './texts';

/** Every company with its tier, state and number of users (top administrator, /app/xonecias). */
export const companies = defineOperation({
  name: 'companies',
  parameter: z.object({
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['name', 'created_at', 'tier']).default('name') })
      .default({ start: 0, length: 100, orderBy: 'name', orderDir: 'asc' }),
    filter: z.object({ q: z.string().max(200).optional() }).default({}),
  }),
  permission: 'topadmin',
  async handler({ datatable, filter }, { db }) {
    let query = db.selectFrom('core.companies as c');
    if (filter.q)
      query = query.where('c.name', 'ilike', `%${filter.q.replace(/[%_\\]/g, '\\$&')}%`);
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

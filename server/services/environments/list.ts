import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema, type Page } from '../../../protocol/paging';
import type { EnvironmentEntry } from '../../../protocol/projects';
import { defineOperation } from '../registry';
import { environmentEntries } from './entry';
import { environmentCompany } from './refuse';

/** `title` is the declared resource's name for the name column (protocol/resources/environments.ts). */
const sortable = { name: 'name', title: 'name', id: 'id', created_at: 'created_at' } as const;

/**
 * The caller's company's environments with their licence gauges, paged, sorted and filtered in
 * SQL; `q` matches the name or the server address. A FREE user, or one without a company or a
 * subscription, has none.
 */
export const environments = defineOperation({
  name: 'environments',
  parameter: z.object({
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['name', 'title', 'id', 'created_at']).default('name') })
      .default({ start: 0, length: 100, orderBy: 'name', orderDir: 'asc' }),
    filter: z.object({ q: z.string().trim().max(200).optional() }).default({}),
  }),
  permission: 'user',
  async handler({ datatable, filter }, { db, user }): Promise<Page<EnvironmentEntry>> {
    const companyId = environmentCompany(user);
    if (companyId === null) return { data: [], total: 0 };
    let query = db.selectFrom('core.environments').where('company_id', '=', companyId);
    if (filter.q) {
      const pattern = `%${escapeLike(filter.q)}%`;
      query = query.where((eb) =>
        eb.or([eb('name', 'ilike', pattern), eb('url_manager', 'ilike', pattern)]),
      );
    }
    const column = sortable[datatable.orderBy];
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy(
          (eb) => (column === 'name' ? eb.fn('lower', ['name']) : eb.ref(column)),
          datatable.orderDir,
        )
        .orderBy('id', datatable.orderDir)
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { data: await environmentEntries(db, rows), total: Number(count.total) };
  },
});

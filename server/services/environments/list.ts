import { sql } from 'kysely';
import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema, type Page } from '../../../protocol/paging';
import type { EnvironmentEntry } from '../../../protocol/projects';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../../resources/definition-filters';
import { defineOperation } from '../registry';
import { environmentEntries } from './entry';
import { environmentCompany } from './refuse';

/** `title` is the declared resource's name for the name column (protocol/resources/environments.ts). */
const sortable = { name: 'name', title: 'name', id: 'id', created_at: 'created_at' } as const;

/** The SQL of the declared filter fields; `projects` counts those not marked deleted. */
const FILTER_COLUMNS = {
  title: sql.ref('core.environments.name'),
  address: sql.ref('core.environments.url_manager'),
  system: sql.ref('core.environments.system'),
  maxLicences: sql.ref('core.environments.max_licences'),
  projects: sql`(SELECT count(*) FROM core.projects p WHERE p.environment_id = core.environments.id AND NOT p.deleted)`,
};

/**
 * The caller's company's environments with their licence gauges, paged, sorted and filtered in
 * SQL; `q` matches the name or the server address, the declared fields filter with their
 * operators (`rowfilter`). A FREE user, or one without a company or a subscription, has none.
 */
export const environments = defineOperation({
  name: 'environments',
  parameter: z.object({
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['name', 'title', 'id', 'created_at']).default('name') })
      .default({ start: 0, length: 100, orderBy: 'name', orderDir: 'asc' }),
    filter: plainFilterSchema({ q: z.string().trim().max(200).optional() }),
    ...rowFilterParameters,
  }),
  permission: 'user',
  async handler({ datatable, filter, ...given }, { db, user }): Promise<Page<EnvironmentEntry>> {
    const filters = definitionFilters(ENVIRONMENTS, FILTER_COLUMNS, { filter, ...given }, user);
    const companyId = environmentCompany(user);
    if (companyId === null) return { data: [], total: 0 };
    let query = db
      .selectFrom('core.environments')
      .where('company_id', '=', companyId)
      .where(filters);
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

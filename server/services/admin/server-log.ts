import { sql } from 'kysely';
import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { SERVER_LOG } from '../../../protocol/resources/server-log';
import { isTopAdmin } from '../../../protocol/roles';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../../resources/definition-filters';
import { defineOperation } from '../registry';

/** A line's project: its name now, or the name it had when the line was written (purged). */
const PROJECT = sql<string>`coalesce(p.name, l.detail->>'project')`;

/** The SQL of the declared filter fields (protocol/resources/server-log.ts). */
const FILTER_COLUMNS = {
  at: sql.ref('l.at'),
  level: sql.ref('l.level'),
  event: sql.ref('l.event'),
  project: PROJECT,
  mid: sql.ref('l.mid'),
};

const SORTS = { at: 'l.at', level: 'l.level', event: 'l.event', mid: 'l.mid' } as const;

/**
 * `serverLog` (/app/logs): the server's own lines about the caller's company's projects and
 * devices, newest first, paged, sorted and filtered in SQL (`q`: a device or project contained);
 * the top administrator reads every company's.
 */
export const serverLog = defineOperation({
  name: 'serverLog',
  parameter: z.object({
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['at', 'level', 'event', 'mid']).default('at') })
      .default({ start: 0, length: 25, orderBy: 'at', orderDir: 'desc' }),
    filter: plainFilterSchema({ q: z.string().trim().max(200).optional() }),
    ...rowFilterParameters,
  }),
  permission: 'admin',
  async handler({ datatable, filter, ...given }, { db, user }) {
    const filters = definitionFilters(SERVER_LOG, FILTER_COLUMNS, { filter, ...given }, user);
    let query = db
      .selectFrom('core.server_log as l')
      .leftJoin('core.projects as p', 'p.numero', 'l.numero')
      .where(filters);
    if (!isTopAdmin(user.profile)) query = query.where('l.company_id', '=', user.companyId);
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      query = query.where((eb) => eb.or([eb('l.mid', 'ilike', like), eb(PROJECT, 'ilike', like)]));
    }
    const [data, count] = await Promise.all([
      query
        .select(['l.id', 'l.at', 'l.level', 'l.event', 'l.numero', 'l.mid', 'l.detail'])
        .select(PROJECT.as('project'))
        .orderBy(SORTS[datatable.orderBy], datatable.orderDir)
        .orderBy('l.id', datatable.orderDir)
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { data, total: Number(count.total) };
  },
});

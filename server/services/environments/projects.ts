import { z } from 'zod';
import { escapeLike } from '../../../protocol/filters';
import { freeLicences, type LicencePool } from '../../../protocol/licences';
import { datatableSchema, type Page } from '../../../protocol/paging';
import type { ProjectEntry } from '../../../protocol/projects';
import { projectEntries } from '../projects/entries';
import { environmentPools } from '../projects/licence-pool';
import { reachableBy } from '../projects/rule';
import { defineOperation } from '../registry';
import { findEnvironment } from './entry';
import { environmentIdField } from './input';
import { refusal, environmentCompany } from './refuse';

export type EnvironmentProjectsPage = Page<ProjectEntry> & {
  pool: LicencePool & { free: number };
};

/**
 * The server connect screen (000 §2): the projects of one of the company's environments that the
 * caller can reach, paged, sorted and filtered in SQL (`q`: name, database name or number;
 * `deleted`: only those marked deleted, or only the others), with the environment's pool.
 */
export const environmentProjects = defineOperation({
  name: 'environmentProjects',
  parameter: z.object({
    environment: environmentIdField,
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['name', 'numero', 'licences']).default('name') })
      .default({ start: 0, length: 100, orderBy: 'name', orderDir: 'asc' }),
    filter: z
      .object({ q: z.string().trim().max(200).optional(), deleted: z.boolean().optional() })
      .default({}),
  }),
  permission: 'user',
  async handler({ environment, datatable, filter }, ctx): Promise<EnvironmentProjectsPage> {
    const { db, user } = ctx;
    const companyId = environmentCompany(user);
    if (companyId === null) throw refusal(user, 'environmentNotFound', { id: environment });
    const row = await findEnvironment(db, user, companyId, environment);
    let query = db
      .selectFrom('core.projects as p')
      .where('p.environment_id', '=', row.id)
      .where(reachableBy(user));
    if (filter.deleted !== undefined) query = query.where('p.deleted', '=', filter.deleted);
    const q = filter.q;
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      query = query.where((eb) =>
        eb.or([
          eb('p.name', 'ilike', pattern),
          eb('p.dbname', 'ilike', pattern),
          ...(/^\d{1,9}$/.test(q) ? [eb('p.numero', '=', Number(q))] : []),
        ]),
      );
    }
    const { orderBy, orderDir } = datatable;
    const [numbers, count, pools] = await Promise.all([
      query
        .select('p.numero')
        .orderBy(
          (eb) => (orderBy === 'name' ? eb.fn('lower', ['p.name']) : eb.ref(`p.${orderBy}`)),
          orderDir,
        )
        .orderBy('p.numero', orderDir)
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      environmentPools(db, [row.id]),
    ]);
    const pool = pools.get(row.id)!;
    return {
      data: await projectEntries(
        ctx,
        numbers.map((project) => project.numero),
      ),
      total: Number(count.total),
      pool: { ...pool, free: freeLicences(pool) },
    };
  },
});

import { z } from 'zod';
import { heldByLiveNode } from '../../device/presence-read';
import { NOT_PROVISIONED_STATUSES } from '../../../protocol/devices';
import { escapeLike } from '../../../protocol/filters';
import { datatableSchema } from '../../../protocol/paging';
import { ilike } from '../../db/filter-sql';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { HOLDS_LICENCE } from '../projects/licence-pool';
import { platformSchema } from './fields';

const searchText = z.string().trim().max(200).optional();
const contains = (text: string) => `%${escapeLike(text)}%`;

/** Licence and activity figures of a project: what the dashboards' gauges show. */
export const activeDevices = defineProjectOperation({
  name: 'activeDevices',
  parameter: z.object({ database: databaseSchema }),
  node: 'devices',
  mode: 'show',
  async handler(_parameter, { db }, project) {
    const [figures, online] = await Promise.all([
      project
        .db()
        .selectFrom('devices')
        .select((eb) => [
          eb.fn.countAll<number>().as('Total'),
          eb.fn
            .countAll<number>()
            .filterWhere((w) =>
              w.and([w('PENDIENTE', '=', 1), w('STATUS', 'not in', [...NOT_PROVISIONED_STATUSES])]),
            )
            .as('Disabled'),
          eb.fn.countAll<number>().filterWhere(HOLDS_LICENCE).as('Licensed'),
        ])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('core.device_directory as d')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('d.numero', '=', project.numero)
        .where(heldByLiveNode('d'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      database: project.numero,
      Total: figures.Total,
      Active: figures.Total - figures.Disabled,
      Disabled: figures.Disabled,
      Online: online.n,
      Licensed: figures.Licensed,
      MaxLicenses: project.licences,
    };
  },
});

/**
 * A light lookup of devices (pickers of the update and mail dialogs): those whose MID, owner or
 * e-mail contains `filter`, by owner; at most `limit` rows with the total that matched.
 */
export const devices = defineProjectOperation({
  name: 'devices',
  parameter: z.object({
    database: databaseSchema,
    filter: searchText,
    platform: platformSchema,
    limit: z.number().int().min(1).max(500).default(100),
  }),
  node: 'devices',
  mode: 'show',
  async handler({ filter, platform, limit }, _ctx, project) {
    let query = project.db().selectFrom('devices');
    if (platform) query = query.where('DEVICE_TYPE', '=', platform);
    if (filter) {
      const pattern = contains(filter);
      query = query.where((eb) =>
        eb.or([
          ilike(eb.ref('MID'), pattern),
          ilike(eb.ref('OWNER'), pattern),
          ilike(eb.ref('EMAIL'), pattern),
        ]),
      );
    }
    const [data, count] = await Promise.all([
      query
        .select(['ID', 'MID', 'PIN', 'OWNER', 'EMAIL', 'DEVICE_TYPE', 'LIC'])
        .orderBy('OWNER')
        .orderBy('ID')
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data, total: count.n };
  },
});

const lookupParameter = z.object({
  database: databaseSchema,
  datatable: datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' }),
  filter: searchText,
});

/** The project's application users (getAllUsers), by name, paged; `filter` searches name and e-mail. */
export const users = defineProjectOperation({
  name: 'users',
  parameter: lookupParameter,
  node: 'devices',
  mode: 'show',
  async handler({ datatable, filter }, _ctx, project) {
    let query = project.db().selectFrom('app_users');
    if (filter) {
      const pattern = contains(filter);
      query = query.where((eb) =>
        eb.or([eb('NAME', 'ilike', pattern), eb('EMAIL', 'ilike', pattern)]),
      );
    }
    const [data, count] = await Promise.all([
      query
        .select(['ID', 'NAME', 'EMAIL'])
        .orderBy('NAME', datatable.orderDir)
        .orderBy('ID')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data, total: count.n };
  },
});

/** The project's applications (getAllApplications), by name, paged. */
export const applications = defineProjectOperation({
  name: 'applications',
  parameter: lookupParameter,
  node: 'devices',
  mode: 'show',
  async handler({ datatable, filter }, _ctx, project) {
    let query = project.db().selectFrom('applications');
    if (filter) query = query.where('NAME', 'ilike', contains(filter));
    const [data, count] = await Promise.all([
      query
        .select(['ID', 'NAME'])
        .orderBy('NAME', datatable.orderDir)
        .orderBy('ID')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data, total: count.n };
  },
});

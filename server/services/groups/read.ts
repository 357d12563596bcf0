import { sql, type Expression, type SqlBool } from 'kysely';
import type { Group } from '../../../protocol/groups';
import { escapeLike } from '../../../protocol/filters';
import { GROUPS } from '../../../protocol/resources/groups';
import type { ProjectDb } from '../../db/project-schema';
import { ilike } from '../../db/filter-sql';
import { definitionFilters } from '../../resources/definition-filters';
import type { OperationContext } from '../registry';
import type { ProjectAccess } from '../projects/access';
import { sortBy, sortFields } from '../sort-fields';
import type { AdmgroupsParameter } from './parameters';
import { groupRefusal } from './texts';

type Oper<O extends AdmgroupsParameter['oper']> = Extract<AdmgroupsParameter, { oper: O }>;

/** The users of a company who reach a project: its owner, its company's administrators and
 * those it is shared with, active. They may manage its groups. */
export function projectUsers(ctx: OperationContext, project: ProjectAccess) {
  return ctx.db
    .selectFrom('core.users as u')
    .innerJoin('core.projects as p', (join) => join.on('p.numero', '=', project.numero))
    .where('u.company_id', '=', project.companyId)
    .where('u.active', '=', true)
    .where((eb) =>
      eb.or([
        eb('u.id', '=', eb.ref('p.owner_id')),
        eb('u.rights', '=', 'ADMINISTRADOR'),
        eb.exists(
          eb
            .selectFrom('core.project_shares as s')
            .select('s.user_id')
            .where('s.numero', '=', project.numero)
            .whereRef('s.user_id', '=', 'u.id'),
        ),
      ]),
    );
}

/** The SQL of the list's computed columns, by the group row `g`. */
function counts(schema: string) {
  return {
    DEVICES: sql<number>`(SELECT count(*)::int FROM ${sql.id(schema, 'group_devices')} gd WHERE gd."IDGROUP" = g."ID")`,
    USERS: sql<number>`(SELECT count(*)::int FROM ${sql.id(schema, 'group_users')} gu JOIN core.users u ON u.id = gu."IDUSER" WHERE gu."IDGROUP" = g."ID")`,
  };
}

/** `admgroups` all: the tab's list, paged, sorted and filtered in SQL. */
export async function listGroups(
  { datatable, filter, rowfilter, rowfilteroper }: Oper<'all'>,
  ctx: OperationContext,
  project: ProjectAccess,
) {
  const { DEVICES, USERS } = counts(project.schema);
  const columns = {
    NAME: sql.ref('g.NAME'),
    DESCRIPTION: sql.ref('g.DESCRIPTION'),
    PLATFORM: sql.ref('g.PLATFORM'),
    DEVICES,
    USERS,
  };
  const filters = definitionFilters(
    GROUPS,
    columns,
    { filter, rowfilter, rowfilteroper },
    ctx.user,
  );
  let query = project.db().selectFrom('groups as g').where(filters);
  if (filter.q) query = query.where(search(filter.q));
  const order = sortFields<Expression<unknown>>({
    ...columns,
    ID: sql.ref('g.ID'),
    SYNCED: sql.ref('g.SYNCED'),
    PROVISIONED: sql.ref('g.PROVISIONED'),
  });
  const [data, count] = await Promise.all([
    query
      .select(['g.ID', 'g.NAME', 'g.DESCRIPTION', 'g.PLATFORM', 'g.SYNCED', 'g.PROVISIONED'])
      .select([DEVICES.as('DEVICES'), USERS.as('USERS')])
      .orderBy(sortBy(ctx.user, order, datatable.orderBy, columns.NAME), datatable.orderDir)
      .orderBy('g.ID', datatable.orderDir)
      .offset(datatable.start)
      .limit(datatable.length)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.n) };
}

function search(q: string) {
  const pattern = `%${escapeLike(q)}%`;
  return ({ or }: { or(items: Expression<SqlBool>[]): Expression<SqlBool> }) =>
    or([ilike(sql.ref('g.NAME'), pattern), ilike(sql.ref('g.DESCRIPTION'), pattern)]);
}

/** `admgroups` groups: ID, NAME and PLATFORM of the groups, by name (pickers: updates). */
export async function lightGroups({ datatable, filter }: Oper<'groups'>, project: ProjectAccess) {
  let query = project.db().selectFrom('groups as g');
  if (filter.q) query = query.where(search(filter.q));
  const [data, count] = await Promise.all([
    query
      .select(['g.ID', 'g.NAME', 'g.PLATFORM'])
      .orderBy('g.NAME', datatable.orderDir)
      .orderBy('g.ID')
      .offset(datatable.start)
      .limit(datatable.length)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.n) };
}

/** `admgroups` users: who may manage the project's groups, by login, paged. */
export async function groupCandidates(
  { datatable, filter }: Oper<'users'>,
  ctx: OperationContext,
  project: ProjectAccess,
) {
  let query = projectUsers(ctx, project);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query = query.where((eb) =>
      eb.or([ilike(eb.ref('u.login'), pattern), ilike(eb.ref('u.email'), pattern)]),
    );
  }
  const [data, count] = await Promise.all([
    query
      .select(['u.id as IDUSER', 'u.login as LOGIN', 'u.email as EMAIL'])
      .orderBy('u.login', datatable.orderDir)
      .orderBy('u.id')
      .offset(datatable.start)
      .limit(datatable.length)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.n) };
}

/** One whole group (000 §3 Group), or the refusal that it does not exist. */
export async function readGroup(
  ctx: OperationContext,
  project: ProjectAccess,
  id: number,
  pdb: ProjectDb = project.db(),
): Promise<Group> {
  const group = await pdb
    .selectFrom('groups')
    .select(['ID', 'NAME', 'DESCRIPTION', 'PLATFORM'])
    .where('ID', '=', id)
    .executeTakeFirst();
  if (!group) throw groupRefusal(ctx.user, 'groupNotFound', { id, project: project.name });
  const [Devices, members] = await Promise.all([
    pdb
      .selectFrom('group_devices as gd')
      .innerJoin('devices as d', 'd.ID', 'gd.IDDEVICE')
      .select([
        'gd.IDGROUP',
        'gd.IDDEVICE',
        'd.PIN',
        'd.OWNER',
        'd.EMAIL',
        'd.DEVICE_TYPE as PLATFORM',
        'd.MID',
      ])
      .where('gd.IDGROUP', '=', id)
      .orderBy('d.ID')
      .execute(),
    pdb
      .selectFrom('group_users')
      .select(['IDGROUP', 'IDUSER', 'PUBLISH'])
      .where('IDGROUP', '=', id)
      .execute(),
  ]);
  const accounts = members.length
    ? await ctx.db
        .selectFrom('core.users')
        .select(['id', 'login', 'email'])
        .where(
          'id',
          'in',
          members.map((m) => m.IDUSER),
        )
        .execute()
    : [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const present = members.filter((m) => byId.has(m.IDUSER));
  return {
    ...group,
    Users: present
      .map((m) => ({
        IDGROUP: m.IDGROUP,
        IDUSER: m.IDUSER,
        LOGIN: byId.get(m.IDUSER)!.login,
        EMAIL: byId.get(m.IDUSER)!.email,
      }))
      .sort((a, b) => a.LOGIN.localeCompare(b.LOGIN)),
    Devices,
    PublishUsers: present.filter((m) => m.PUBLISH).map((m) => m.IDUSER),
  };
}

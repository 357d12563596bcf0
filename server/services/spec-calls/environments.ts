import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { isTopAdmin } from '../../../protocol/roles';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { rowIdSchema } from '../../db/storable';
import { environmentEntries } from '../environments/entry';
import { environmentCompany } from '../environments/refuse';
import { reachableBy } from '../projects/rule';
import { defineOperation } from '../registry';
import { askedCompany, idCiaField } from './company';
import { specRefusal } from './texts';

type EnvironmentsEb = ExpressionBuilder<Database & { e: Database['core.environments'] }, 'e'>;

const pageField = datatableSchema
  .extend({ orderBy: z.enum(['name', 'id']).default('name') })
  .default({ start: 0, length: 100, orderBy: 'name', orderDir: 'asc' });

type Paging = z.infer<typeof pageField>;

/** A page of a company's environments, as `environments` answers them, that `where` keeps. */
async function environmentPage(
  db: Db,
  companyId: number,
  datatable: Paging,
  where: (eb: EnvironmentsEb) => Expression<SqlBool>,
) {
  const query = db
    .selectFrom('core.environments as e')
    .where('e.company_id', '=', companyId)
    .where(where);
  const [rows, count] = await Promise.all([
    query
      .selectAll('e')
      .orderBy(
        (eb) => (datatable.orderBy === 'name' ? eb.fn('lower', ['e.name']) : eb.ref('e.id')),
        datatable.orderDir,
      )
      .orderBy('e.id', datatable.orderDir)
      .offset(datatable.start)
      .limit(datatable.length)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { data: await environmentEntries(db, rows), total: Number(count.total) };
}

/** Which projects count: a condition over `core.projects as p`. */
type ProjectCondition = Parameters<ReturnType<Db['selectFrom']>['where']>[0];

/** The environment holds one of the projects `which` keeps: created there, or published to it. */
function holds(eb: EnvironmentsEb, which: ProjectCondition) {
  return eb.exists(
    eb
      .selectFrom('core.projects as p')
      .select('p.numero')
      .where(which as never)
      .where((inner) =>
        inner.or([
          inner('p.environment_id', '=', inner.ref('e.id')),
          inner.exists(
            inner
              .selectFrom('core.project_publications as pub')
              .select('pub.id')
              .whereRef('pub.numero', '=', 'p.numero')
              .whereRef('pub.environment_id', '=', 'e.id'),
          ),
        ]),
      ),
  );
}

/**
 * `environmentsByCompany` {idCIA} (001 §7, 002 §7 "environments by company"): a company's
 * environments, the caller's own (another one is the top administrator's), paged.
 */
export const environmentsByCompany = defineOperation({
  name: 'environmentsByCompany',
  parameter: z.object({ idCIA: idCiaField.optional(), datatable: pageField }),
  permission: 'user',
  async handler({ idCIA, datatable }, { db, user }) {
    return environmentPage(db, askedCompany(user, idCIA), datatable, (eb) => eb.and([]));
  },
});

/**
 * `environmentsWithProject` {includeoffline?} (002 §7 "where a project was created"): the
 * company's environments holding a project the caller reaches (created there, or published to
 * it); `includeoffline` adds the external ones, whose projects this server cannot see.
 */
export const environmentsWithProject = defineOperation({
  name: 'environmentsWithProject',
  parameter: z.object({ includeoffline: z.boolean().default(false), datatable: pageField }),
  permission: 'user',
  async handler({ includeoffline, datatable }, { db, user }) {
    const companyId = environmentCompany(user);
    if (companyId === null) return { data: [], total: 0 };
    const reachable = reachableBy(user);
    return environmentPage(db, companyId, datatable, (eb) =>
      eb.or([
        holds(eb, ((p: Parameters<typeof reachable>[0]) =>
          p.and([p('p.deleted', '=', false), reachable(p)])) as never),
        ...(includeoffline ? [eb('e.system', '=', false)] : []),
      ]),
    );
  },
});

/**
 * `environmentsByEnterprise` {projectID, idCIA} (002 §7 "by enterprise"): the environments of a
 * company that hold the project `projectID` (its pid): where it was created and where it was
 * published.
 */
export const environmentsByEnterprise = defineOperation({
  name: 'environmentsByEnterprise',
  parameter: z.object({
    projectID: z.string().trim().min(1).max(100),
    idCIA: idCiaField.optional(),
    datatable: pageField,
  }),
  permission: 'user',
  async handler({ projectID, idCIA, datatable }, { db, user }) {
    const companyId = askedCompany(user, idCIA);
    const project = await db
      .selectFrom('core.projects as p')
      .select('p.numero')
      .where('p.pid', '=', projectID)
      .where('p.company_id', '=', companyId)
      .$if(!isTopAdmin(user.profile), (q) => q.where(reachableBy(user)))
      .executeTakeFirst();
    if (!project) throw specRefusal(user, 'projectNotFound', { pid: projectID });
    return environmentPage(db, companyId, datatable, (eb) =>
      holds(eb, ((p: EnvironmentsEb) =>
        p('p.numero' as never, '=', project.numero as never)) as never),
    );
  },
});

/**
 * `environmentUsers` {id} (002 §7 "users of an environment"): the company's users the
 * environment is assigned to (the user editor's environments list), paged by login.
 */
export const environmentUsers = defineOperation({
  name: 'environmentUsers',
  parameter: z.object({
    id: z.coerce.number().pipe(rowIdSchema),
    datatable: datatableSchema
      .extend({ orderBy: z.enum(['username', 'email']).default('username') })
      .default({ start: 0, length: 100, orderBy: 'username', orderDir: 'asc' }),
  }),
  permission: 'admin',
  async handler({ id, datatable }, { db, user }) {
    const companyId = askedCompany(user, undefined);
    const environment = await db
      .selectFrom('core.environments')
      .select('id')
      .where('id', '=', id)
      .where('company_id', '=', companyId)
      .executeTakeFirst();
    if (!environment) throw specRefusal(user, 'environmentNotFound', { id });
    const query = db
      .selectFrom('core.user_environments as ue')
      .innerJoin('core.users as u', 'u.id', 'ue.user_id')
      .where('ue.environment_id', '=', id);
    const [rows, count] = await Promise.all([
      query
        .select([
          'u.id as idusr',
          'u.login as username',
          'u.email',
          'u.rights as role',
          'u.active as enabled',
        ])
        .orderBy(datatable.orderBy === 'username' ? 'u.login' : 'u.email', datatable.orderDir)
        .orderBy('u.id')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows, total: Number(count.total) };
  },
});

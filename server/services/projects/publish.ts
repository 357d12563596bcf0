import { z } from 'zod';
import { PROJECT_NAME_MAX } from '../../../protocol/projects';
import { logAction } from '../../actions-log';
import type { SessionUser } from '../../auth';
import type { Db } from '../../db/database';
import { findEnvironment, type EnvironmentRow } from '../environments/entry';
import { environmentIdField, textField } from '../environments/input';
import { requireEnvironmentCompany } from '../environments/refuse';
import { defineOperation, type OperationContext } from '../registry';
import { databaseSchema, projectPermissions, requireProject } from './access';
import { ldataStatements } from './create';
import {
  definitionSchema,
  fillFromDefinition,
  readDefinition,
  type ProjectDefinition,
} from './definition';
import { requireEnvironmentRight } from './environment-rights';
import { importRemotely } from './remote';
import {
  databaseName,
  insertProject,
  lockCompanyProjects,
  projectName,
  withUniqueNames,
  type CreatedProject,
} from './store';
import { projectRefusal } from './texts';
import { languageOf } from '../../messages';
import { runLdata } from './ldata-run';
import type { NewProjectResult } from '../../../protocol/projects';

/** A system environment of this server of the caller's company: the one asked for, or the first. */
async function localEnvironment(
  trx: Db,
  user: SessionUser,
  companyId: number,
  id: number | undefined,
): Promise<EnvironmentRow> {
  if (id !== undefined) {
    const environment = await findEnvironment(trx, user, companyId, id);
    if (!environment.system) {
      throw projectRefusal(user, 'environmentNotLocal', { name: environment.name });
    }
    return environment;
  }
  const first = await trx
    .selectFrom('core.environments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('system', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!first) throw projectRefusal(user, 'noSystemEnvironment');
  return first;
}

/**
 * A new project from a definition in a system environment of this server, owned by the caller,
 * without licences; its LDATA runs as at creation. `source` records the publication of the
 * project it was copied from, in the same transaction.
 */
async function importDefinition(
  { db, sandbox, user, log }: OperationContext,
  options: { definition: ProjectDefinition; environment?: number; source?: number },
): Promise<CreatedProject & { failed: NewProjectResult['failed'] }> {
  const { definition } = options;
  const companyId = requireEnvironmentCompany(user);
  const name = projectName(user, definition.name);
  const dbname = databaseName(user, definition.dbname);
  const statements = ldataStatements(user, definition.ldata, true);
  const created = await withUniqueNames(user, { name, dbname }, () =>
    db.transaction().execute(async (trx) => {
      await lockCompanyProjects(trx, companyId);
      const environment = await localEnvironment(trx, user, companyId, options.environment);
      const created = await insertProject(trx, sandbox, user, {
        companyId,
        ownerId: user.id,
        environmentId: environment.id,
        name,
        dbname,
        ldata: definition.ldata,
        projectType: definition.projectType,
        licences: 0,
        fill: fillFromDefinition(definition),
      });
      if (options.source !== undefined) {
        await trx
          .insertInto('core.project_publications')
          .values({
            numero: options.source,
            environment_id: environment.id,
            remote_numero: created.numero,
            published_by: user.id,
          })
          .execute();
      }
      return created;
    }),
  );
  const failed = await runLdata(sandbox, created, statements, languageOf(user.language), log);
  return { ...created, failed };
}

/** Who may read or publish a project's definition: its managers, or the share's permissions. */
async function requirePublisher(ctx: OperationContext, database: number, download: boolean) {
  const project = await requireProject(ctx, database);
  const permissions = await projectPermissions(ctx, project.numero);
  if (!permissions.publish && !(download && permissions.download)) {
    throw projectRefusal(ctx.user, 'notPublisher', { numero: project.numero });
  }
  return project;
}

/** `projectDefinition` {database}: what publishing the project copies. */
export const projectDefinition = defineOperation({
  name: 'projectDefinition',
  parameter: z.object({ database: databaseSchema }),
  permission: 'user',
  async handler({ database }, ctx): Promise<ProjectDefinition> {
    const project = await requirePublisher(ctx, database, true);
    return readDefinition(ctx.db, project.numero);
  },
});

/**
 * The names of a copy in another system environment of the same company, where the project's
 * own names are taken: "<name> (<environment>)" and "<dbname>_<environment id>".
 */
function localCopyNames(definition: ProjectDefinition, environment: EnvironmentRow) {
  const suffix = ` (${environment.name})`;
  const dbSuffix = `_${environment.id}`;
  return {
    name: definition.name.slice(0, Math.max(1, PROJECT_NAME_MAX - suffix.length)) + suffix,
    dbname: definition.dbname.slice(0, 63 - dbSuffix.length) + dbSuffix,
  };
}

/**
 * `publishProject` {database, environment, accessToken?, name?, dbname?}: copies the project's
 * definition (not its devices) to an environment of the caller's company. A system environment
 * of this server gets a local copy owned by the caller; an external one gets it through its
 * manager API (`importProject`) with the caller's token for that server. Nothing is recorded
 * unless the copy was made.
 */
export const publishProject = defineOperation({
  name: 'publishProject',
  parameter: z.object({
    database: databaseSchema,
    environment: environmentIdField,
    accessToken: z.string().max(20_000).optional(),
    name: textField.optional(),
    dbname: textField.optional(),
  }),
  permission: 'user',
  async handler(parameter, ctx) {
    const { db, user } = ctx;
    const project = await requirePublisher(ctx, parameter.database, false);
    const companyId = requireEnvironmentCompany(user);
    const environment = await findEnvironment(db, user, companyId, parameter.environment);
    // The target environment's rights, not only the project's (docs/users.md).
    await requireEnvironmentRight(ctx, project, environment, 'publish');
    const definition = await readDefinition(db, project.numero);
    let numero: number;
    if (environment.system) {
      const names = localCopyNames(definition, environment);
      const copy = {
        ...definition,
        name: parameter.name ?? names.name,
        dbname: parameter.dbname ?? names.dbname,
      };
      const created = await importDefinition(ctx, {
        definition: copy,
        environment: environment.id,
        source: project.numero,
      });
      numero = created.numero;
    } else {
      const copy = {
        ...definition,
        name: parameter.name ?? definition.name,
        dbname: parameter.dbname ?? definition.dbname,
      };
      numero = await importRemotely(user, environment, parameter.accessToken, copy);
      await db
        .insertInto('core.project_publications')
        .values({
          numero: project.numero,
          environment_id: environment.id,
          remote_numero: numero,
          published_by: user.id,
        })
        .execute();
    }
    await logAction(db, {
      companyId,
      userId: user.id,
      login: user.login,
      action: 'project_published',
      detail: { project: project.numero, environment: environment.id, copy: numero },
    });
    return {
      database: project.numero,
      environment: environment.id,
      numero,
      local: environment.system,
    };
  },
});

/**
 * `importProject` {definition, environment?} (manager API): a company administrator's copy of a
 * project published from another Flota server, in a system environment of this server (the
 * first one unless given). Refused when its name or database name is taken here.
 */
export const importProject = defineOperation({
  name: 'importProject',
  parameter: z.object({ definition: definitionSchema, environment: environmentIdField.optional() }),
  permission: 'admin',
  async handler({ definition, environment }, ctx) {
    const created = await importDefinition(ctx, { definition, environment });
    await logAction(ctx.db, {
      companyId: ctx.user.companyId,
      userId: ctx.user.id,
      login: ctx.user.login,
      action: 'project_imported',
      detail: { project: created.numero, name: definition.name },
    });
    return { numero: created.numero, pid: created.pid, failed: created.failed };
  },
});

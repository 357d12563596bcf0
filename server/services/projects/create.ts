import { z } from 'zod';
import { freeLicences } from '../../../protocol/licences';
import { PROJECT_TYPES, type NewProjectResult } from '../../../protocol/projects';
import { logAction } from '../../actions-log';
import type { Db } from '../../db/database';
import { findEnvironment } from '../environments/entry';
import { countField, environmentIdField, textField } from '../environments/input';
import { refusal, requireEnvironmentCompany } from '../environments/refuse';
import { defineOperation } from '../registry';
import { splitStatements, type SqlStatement } from './ldata';
import {
  databaseName,
  insertProject,
  licenceCount,
  lockCompanyProjects,
  projectName,
  withUniqueNames,
} from './store';
import { projectRefusal } from './texts';
import type { SessionUser } from '../../auth';
import { languageOf } from '../../messages';
import { runLdata } from './ldata-run';
import { recordUseReplica } from './use-replica';

/** The largest LDATA accepted, in characters and in statements. */
export const LDATA_MAX_CHARS = 2_000_000;
export const LDATA_MAX_STATEMENTS = 2000;

export const ldataField = z.string().max(LDATA_MAX_CHARS);

/** The LDATA statements to run: none when it is only stored; refused when there are too many. */
export function ldataStatements(user: SessionUser, ldata: string, run: boolean): SqlStatement[] {
  if (!run) return [];
  const statements = splitStatements(ldata);
  if (statements.length > LDATA_MAX_STATEMENTS) {
    throw projectRefusal(user, 'ldataTooLong', {
      count: statements.length,
      max: LDATA_MAX_STATEMENTS,
    });
  }
  return statements;
}

/** The licences an environment's projects hold (marked deleted ones included), in `trx`. */
export async function assignedLicences(trx: Db, environmentId: number): Promise<number> {
  const { assigned } = await trx
    .selectFrom('core.projects')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('licences'), eb.lit(0)).as('assigned'))
    .where('environment_id', '=', environmentId)
    .executeTakeFirstOrThrow();
  return Number(assigned);
}

/** A project identifier given by the caller: as our UUIDs, or a studio's own identifier. */
const projectIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{1,100}$/);

/**
 * `createProject` (000 §3 New project, §7 project conversion): a company administrator creates a
 * project in a system environment of this server, with its own schema, the standard tables and
 * `numlic` of the environment's free licences. The LDATA statements run after the standard
 * tables, after the commit, as the project's own PostgreSQL role; those refused or failed are
 * answered as `failed` ('SQL fallidos') and the project is created all the same. Any refusal of
 * the project itself writes nothing. As the specification's conversion sends them, `projectid`
 * keeps a given identifier (refused when taken), `useReplica` is kept as the replicator setting
 * USE_REPLICA, and `createBD: false` creates the standard tables only, keeping the LDATA unrun.
 */
export const createProject = defineOperation({
  name: 'createProject',
  parameter: z.object({
    projectname: textField,
    databasename: textField,
    ldata: ldataField.default(''),
    license: environmentIdField,
    numlic: countField.default(0),
    hasGenerateLDATA: z.boolean().default(true),
    projectType: z.enum(PROJECT_TYPES).default('mam'),
    // 000 §7 project conversion: the identifier to keep, replication on, the database created.
    projectid: projectIdField.optional(),
    useReplica: z.boolean().default(true),
    createBD: z.boolean().default(true),
  }),
  permission: 'admin',
  async handler(parameter, { db, sandbox, user, log }): Promise<NewProjectResult> {
    const companyId = requireEnvironmentCompany(user);
    const name = projectName(user, parameter.projectname);
    const dbname = databaseName(user, parameter.databasename);
    const licences = licenceCount(user, parameter.numlic);
    const statements = ldataStatements(
      user,
      parameter.ldata,
      parameter.hasGenerateLDATA && parameter.createBD,
    );
    const created = await withUniqueNames(user, { name, dbname }, () =>
      db.transaction().execute(async (trx) => {
        await lockCompanyProjects(trx, companyId);
        const environment = await findEnvironment(trx, user, companyId, parameter.license, true);
        if (!environment.system) {
          throw projectRefusal(user, 'environmentNotLocal', { name: environment.name });
        }
        const free = freeLicences({
          max: environment.max_licences,
          assigned: await assignedLicences(trx, environment.id),
        });
        if (licences > free) throw refusal(user, 'noMoreLicences', { free });
        return insertProject(trx, sandbox, user, {
          companyId,
          ownerId: user.id,
          environmentId: environment.id,
          name,
          dbname,
          ldata: parameter.ldata,
          projectType: parameter.projectType,
          licences,
          pid: parameter.projectid,
          fill: (trx, schema) => recordUseReplica(trx, schema, parameter.useReplica),
        });
      }),
    );
    const failed = await runLdata(sandbox, created, statements, languageOf(user.language), log);
    await logAction(db, {
      companyId,
      userId: user.id,
      login: user.login,
      action: 'project_created',
      detail: { project: created.numero, name, dbname, failed: failed.length },
    });
    return { numero: created.numero, pid: created.pid, failed };
  },
});

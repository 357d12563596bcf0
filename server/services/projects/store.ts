import crypto from 'node:crypto';
import { sql } from 'kysely';
import { ACCOUNT_TIERS } from '../../../protocol/product';
import { DBNAME_PATTERN, PROJECT_NAME_MAX, type ProjectType } from '../../../protocol/projects';
import type { SessionUser } from '../../auth';
import type { Db } from '../../db/database';
import { migrateProjectSchema, projectSchemaName } from '../../db/projects';
import type { SqlSandbox } from '../../db/sandbox';
import { projectRefusal } from './texts';
import { isUniqueViolation } from '../../db/errors';

/** Advisory lock class of a company's project creation; the second key is the company id. */
const CREATION_LOCK = 727010;
const NAME_KEY = 'projects_company_name_key';
const DBNAME_KEY = 'projects_company_dbname_key';

/** A project name as sent: trimmed, 1 to PROJECT_NAME_MAX characters. */
export function projectName(user: SessionUser, value: string): string {
  const name = value.trim();
  if (!name) throw projectRefusal(user, 'projectNameRequired');
  if (name.length > PROJECT_NAME_MAX) {
    throw projectRefusal(user, 'projectNameTooLong', { max: PROJECT_NAME_MAX });
  }
  return name;
}

/** A database name as sent: trimmed, a usable schema name (DBNAME_PATTERN). */
export function databaseName(user: SessionUser, value: string): string {
  const dbname = value.trim();
  if (!DBNAME_PATTERN.test(dbname)) {
    throw projectRefusal(user, 'dbnameInvalid', { value: value.slice(0, 80) });
  }
  return dbname;
}

/** A licence count as sent (forms send text): a whole number, 0 or more. */
export function licenceCount(user: SessionUser, value: number | string): number {
  const count =
    typeof value === 'number' ? value : /^\s*\+?\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(count) || count < 0 || count > 1_000_000_000) {
    throw projectRefusal(user, 'numlicInvalid', { value: String(value).slice(0, 30) });
  }
  return count;
}

export interface NewProjectRecord {
  companyId: number;
  ownerId: number;
  environmentId: number;
  name: string;
  dbname: string;
  ldata: string;
  projectType: ProjectType;
  licences: number;
  /** The identifier the caller gives it (createProject's `projectid`); a new UUID otherwise. */
  pid?: string;
  /** Fills the standard tables (a published project's configuration) before the LDATA runs. */
  fill?: (trx: Db, schema: string) => Promise<void>;
}

export interface CreatedProject {
  numero: number;
  pid: string;
  schema: string;
}

/**
 * Project creations of a company run one at a time (an advisory lock), so the name checks and
 * the subscription's project limit hold when two administrators create at once; the unique
 * indexes stay the last word (see withUniqueNames).
 */
export async function lockCompanyProjects(trx: Db, companyId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${CREATION_LOCK}::int, ${companyId}::int)`.execute(trx);
}

/** Refuses a name or database name already used in the company, and a full subscription. */
async function checkFree(trx: Db, user: SessionUser, record: NewProjectRecord): Promise<void> {
  const clash = await trx
    .selectFrom('core.projects')
    .select(['name', 'dbname'])
    .where('company_id', '=', record.companyId)
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), '=', record.name.toLowerCase()),
        eb(eb.fn('lower', ['dbname']), '=', record.dbname.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
  if (clash?.name.toLowerCase() === record.name.toLowerCase()) {
    throw projectRefusal(user, 'projectNameUsed', { name: record.name });
  }
  if (clash) throw projectRefusal(user, 'dbnameUsed', { dbname: record.dbname });
  if (record.pid !== undefined) {
    const taken = await trx
      .selectFrom('core.projects')
      .select('numero')
      .where('pid', '=', record.pid)
      .executeTakeFirst();
    if (taken) throw projectRefusal(user, 'pidUsed', { pid: record.pid });
  }
  const max = ACCOUNT_TIERS.find((tier) => tier.id === user.company?.tier)?.projects;
  if (max === null || max === undefined) return;
  const { n } = await trx
    .selectFrom('core.projects')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', record.companyId)
    .executeTakeFirstOrThrow();
  if (Number(n) >= max) throw projectRefusal(user, 'projectLimit', { max });
}

/**
 * Inserts a project in the caller's transaction: its row, its schema prj_<numero> with the
 * standard tables (migrateProjectSchema) and its SQL role's rights on them. Its LDATA runs after
 * the commit, as that role (ldata-run.ts). The caller holds lockCompanyProjects.
 */
export async function insertProject(
  trx: Db,
  sandbox: SqlSandbox,
  user: SessionUser,
  record: NewProjectRecord,
): Promise<CreatedProject> {
  await checkFree(trx, user, record);
  const pid = record.pid ?? crypto.randomUUID();
  const { numero } = await trx
    .insertInto('core.projects')
    .values({
      pid,
      company_id: record.companyId,
      owner_id: record.ownerId,
      environment_id: record.environmentId,
      name: record.name,
      dbname: record.dbname,
      ldata: record.ldata,
      project_type: record.projectType,
      schema_name: `pending_${pid}`,
      licences: record.licences,
    })
    .returning('numero')
    .executeTakeFirstOrThrow();
  const schema = projectSchemaName(numero);
  await trx
    .updateTable('core.projects')
    .set({ schema_name: schema })
    .where('numero', '=', numero)
    .execute();
  await migrateProjectSchema(trx, schema);
  await record.fill?.(trx, schema);
  await sandbox.grant(trx, { numero, schema });
  return { numero, pid, schema };
}

/**
 * Runs a creation, turning a clash on the unique indexes (a name taken by a creation that
 * committed in between) into the same refusal as the checks give, never an internal error.
 */
export async function withUniqueNames<T>(
  user: SessionUser,
  names: { name: string; dbname: string },
  create: () => Promise<T>,
): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) {
      throw projectRefusal(user, 'projectNameUsed', { name: names.name });
    }
    if (isUniqueViolation(error, DBNAME_KEY)) {
      throw projectRefusal(user, 'dbnameUsed', { dbname: names.dbname });
    }
    throw error;
  }
}

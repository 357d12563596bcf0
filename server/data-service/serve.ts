import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { publicMarks, PUBLIC_SETTING } from '../../protocol/data-service';
import { ErrorCode } from '../../protocol/envelope';
import { activeUserById, type SessionUser } from '../auth';
import { INT4_MAX } from '../db/storable';
import type { Language } from '../messages';
import { callResource, RestRefusal } from '../rest/resource-call';
import { BadQuery } from '../rest/query';
import { restText } from '../rest/texts';
import { requireProject } from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import { ServiceError } from '../services/registry';
import { runReportSql, savedReportSql } from '../services/reports/run';
import { executeOperation, type ServicesDeps } from '../services/route';
import { dataServiceText } from './texts';

/** The operations of the data service: a declared resource's verbs, and running a saved report. */
export const DATA_OPERATIONS = ['list', 'show', 'create', 'edit', 'delete', 'report'] as const;
type DataOperation = (typeof DATA_OPERATIONS)[number];
const READS: ReadonlySet<DataOperation> = new Set(['list', 'show', 'report']);

const requestSchema = z.object({
  operation: z.enum(DATA_OPERATIONS),
  parameter: z
    .object({
      dbid: z.coerce.number().int().positive().max(INT4_MAX).optional(),
      pid: z.string().trim().min(1).max(100).optional(),
      resource: z.string().min(1).max(100).optional(),
      id: z.union([z.string().min(1).max(200), z.number().int()]).optional(),
      record: z.record(z.string(), z.unknown()).default({}),
      sort: z.unknown().optional(),
      range: z.unknown().optional(),
      filter: z.unknown().optional(),
      macros: z.record(z.string().max(100), z.string().max(10_000)).default({}),
      limit: z.number().int().min(1).max(100_000).optional(),
    })
    .default({ record: {}, macros: {} }),
});
type DataParameter = z.infer<typeof requestSchema>['parameter'];

/** A refusal of the data service: `{err: text, data: null}` with this HTTP status. */
export class DataRefusal extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(text);
  }
}

interface DataCall {
  request: FastifyRequest;
  deps: ServicesDeps;
  language: Language;
  /** The signed-in caller (DataServiceAuth), or null: only what the project marks public. */
  user: SessionUser | null;
  body: unknown;
}

/**
 * One call of the data service for apps (002 §7; docs/api.md, "The data service for apps"):
 * what it answers, put in `data` as a JSON text by the route. Every refusal is a DataRefusal.
 */
export async function serveData(call: DataCall): Promise<unknown> {
  const { language } = call;
  const parsed = requestSchema.safeParse(call.body);
  if (!parsed.success) {
    const badShape = parsed.error.issues.some((issue) => issue.path.length <= 1);
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; ');
    throw new DataRefusal(
      200,
      badShape
        ? `${dataServiceText(language, 'badBody')} ${detail}`
        : dataServiceText(language, 'badParameter', { detail }),
    );
  }
  const { operation, parameter } = parsed.data;
  try {
    const project = await projectOf(call, parameter);
    if (call.user) return await served(call, call.user, operation, parameter, project);
    return await servedPublicly(call, operation, parameter, project);
  } catch (error) {
    if (error instanceof DataRefusal) throw error;
    if (error instanceof RestRefusal || error instanceof ServiceError) {
      throw new DataRefusal(200, error.message);
    }
    if (error instanceof BadQuery) {
      const vars = { param: error.param, expected: error.expected };
      throw new DataRefusal(200, restText(language, 'badQuery', vars));
    }
    throw error;
  }
}

interface NamedProject {
  numero: number;
  pid: string;
  ownerId: number;
}

/** The project the call names (dbid, pid, both agreeing), or the caller's client's project. */
async function projectOf(call: DataCall, given: DataParameter): Promise<NamedProject> {
  const bound = call.user?.boundProject;
  const dbid = given.dbid ?? (given.pid === undefined ? bound?.numero : undefined);
  if (dbid === undefined && given.pid === undefined) {
    throw new DataRefusal(200, dataServiceText(call.language, 'projectRequired'));
  }
  const row = await call.deps.db
    .selectFrom('core.projects')
    .select(['numero', 'pid', 'owner_id'])
    .where('deleted', '=', false)
    .$if(dbid !== undefined, (q) => q.where('numero', '=', dbid!))
    .$if(given.pid !== undefined, (q) => q.where('pid', '=', given.pid!))
    .executeTakeFirst();
  if (!row) {
    const project = String(given.pid ?? dbid);
    throw new DataRefusal(200, dataServiceText(call.language, 'projectNotFound', { project }));
  }
  return { numero: row.numero, pid: row.pid, ownerId: row.owner_id };
}

/**
 * Without authorisation: only reading, and only what the project's DATASERVICE_PUBLIC names.
 * It is read with the project owner's reach narrowed to this project (as a client bound to it),
 * and a public report runs read-only whatever the owner may write.
 */
async function servedPublicly(
  call: DataCall,
  operation: DataOperation,
  given: DataParameter,
  project: NamedProject,
): Promise<unknown> {
  const { language } = call;
  if (!READS.has(operation)) throw new DataRefusal(200, dataServiceText(language, 'readOnly'));
  const owner = await activeUserById(call.deps.db, project.ownerId);
  const label = String(given.pid ?? project.numero);
  if (!owner) {
    throw new DataRefusal(200, dataServiceText(language, 'projectNotFound', { project: label }));
  }
  const reader: SessionUser = {
    ...owner,
    language,
    boundProject: { numero: project.numero, pid: project.pid },
  };
  const ctx = contextOf(call, reader);
  const access = await requireProject(ctx, project.numero);
  const setting = await access
    .db()
    .selectFrom('config')
    .select('KEYVALUE')
    .where('KEYNAME', '=', PUBLIC_SETTING)
    .executeTakeFirst();
  const marks = publicMarks(setting?.KEYVALUE);
  const name = operation === 'report' ? `report:${String(given.id ?? '')}` : given.resource;
  const isPublic =
    operation === 'report'
      ? typeof given.id === 'number' && marks.reports.has(given.id)
      : given.resource !== undefined && marks.resources.has(given.resource);
  if (!isPublic) {
    const vars = { project: label, name: String(name ?? '') };
    throw new DataRefusal(200, dataServiceText(language, 'notPublic', vars));
  }
  if (operation === 'report') {
    const text = await savedReportSql(access, given.id as number, ctx);
    return runReportSql(access, text, given.macros, ctx, { readOnly: true, limit: given.limit });
  }
  return served(call, reader, operation, given, project);
}

function contextOf(call: DataCall, user: SessionUser): OperationContext {
  const { deps, request } = call;
  return {
    db: deps.db,
    sandbox: deps.sandbox,
    config: deps.config,
    user,
    log: request.log,
    address: request.ip,
    language: call.language,
    channel: 'data-service',
  };
}

/** A resource's verb, or a report run with runReport's own checks, as the caller may. */
async function served(
  call: DataCall,
  user: SessionUser,
  operation: DataOperation,
  given: DataParameter,
  project: NamedProject,
): Promise<unknown> {
  const { request, deps, language } = call;
  if (operation === 'report') {
    const executed = await executeOperation({
      request,
      deps,
      user,
      operation: deps.registry.get('runReport')!,
      name: 'runReport',
      parameter: {
        database: project.numero,
        ID: given.id,
        macros: given.macros,
        limit: given.limit,
      },
      root: 'parameter',
      channel: 'data-service',
    });
    if (executed.body.error.code !== ErrorCode.ok) {
      throw new DataRefusal(200, executed.body.error.description);
    }
    return executed.body.result;
  }
  if (given.resource === undefined) {
    throw new DataRefusal(200, dataServiceText(language, 'resourceRequired'));
  }
  const answered = await callResource({
    request,
    deps,
    user,
    language,
    resource: given.resource,
    database: project.numero,
    verb: operation,
    id: given.id,
    body: given.record,
    query: { sort: given.sort, range: given.range, filter: given.filter },
    channel: 'data-service',
  });
  if (answered.kind === 'page') return { data: answered.rows, total: answered.total };
  if (answered.kind === 'rows') return { data: answered.rows, total: answered.rows.length };
  return answered.record;
}

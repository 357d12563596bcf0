import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../protocol/envelope';
import { MAX_PAGE_LENGTH, type Page } from '../../protocol/paging';
import type { ResourceDefinition, Verb, VerbDefinition } from '../../protocol/resource-definition';
import { RESOURCE_DEFINITIONS } from '../../protocol/resources';
import type { SessionUser } from '../auth';
import { hooksOf } from '../engine/hooks';
import { message, type Language } from '../messages';
import { isPermitted } from '../services/registry';
import { executeOperation, type ServicesDeps } from '../services/route';
import { keyOf, placed, withId, writable, type ServiceCall } from './calls';
import { restDefinition, shown } from './definition';
import { listQuery } from './query';
import { restText } from './texts';

type Values = Record<string, unknown>;

/** A refusal: the REST status and the envelope's code and text. */
export class RestRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** One verb of a declared resource, as the REST API and the data service ask for it. */
export interface ResourceRequest {
  request: FastifyRequest;
  deps: ServicesDeps;
  user: SessionUser;
  language: Language;
  resource: string;
  /** The project of a project resource (its number); absent for a company resource. */
  database?: string | number;
  verb: Verb;
  id?: string | number;
  /** The record of a create or an edit. */
  body: Values;
  /** A list's `sort`, `range` and `filter`, as JSON texts (the REST query) or as values. */
  query: Values;
  channel: 'rest' | 'data-service';
}

/** A list page with its place (for Content-Range), a list of asked keys, or one record. */
export type ResourceAnswer =
  | { kind: 'page'; rows: unknown[]; start: number; end: number; total: number | '*' }
  | { kind: 'rows'; rows: unknown[] }
  | { kind: 'record'; record: unknown; created?: boolean };

/** Pages read when a record is looked for through the list (no show call): at most this many. */
const LOOKUP_PAGES = 20;

/**
 * Runs one verb of a declared resource through its operation, with the same checks and texts
 * as `/api/services`: the REST API (server/rest/routes.ts) and the data service for apps
 * (server/data-service/) differ only in how they are asked and how they answer. Throws
 * RestRefusal, BadQuery (server/rest/query.ts) or the operation's refusal as a RestRefusal.
 */
export async function callResource(call: ResourceRequest): Promise<ResourceAnswer> {
  const { deps, user, language, verb } = call;
  const found = await restDefinition(call.resource, user, deps);
  if (!found) {
    const known = Object.keys(RESOURCE_DEFINITIONS).join(', ');
    const text = restText(language, 'unknownResource', { name: call.resource, known });
    throw new RestRefusal(404, ErrorCode.invalid, text);
  }
  const { definition, hidden } = found;
  const inProject = call.database !== undefined;
  if (inProject !== (definition.scope === 'project')) {
    const key = inProject ? 'companyScope' : 'projectScope';
    throw new RestRefusal(
      404,
      ErrorCode.invalid,
      restText(language, key, { name: definition.name }),
    );
  }
  const scope: Values = inProject ? { database: keyOf(String(call.database)) } : {};
  const run = async (declared: VerbDefinition, parameter: Values) => {
    const serviceCall = declared.call as ServiceCall;
    const operation = deps.registry.get(serviceCall.operation)!;
    if ('role' in declared.permission) {
      const ctx = {
        db: deps.db,
        sandbox: deps.sandbox,
        config: deps.config,
        user,
        log: call.request.log,
      };
      if (!(await isPermitted(declared.permission.role, parameter, ctx))) {
        const operation = `${verb} ${definition.name}`;
        throw new RestRefusal(
          403,
          ErrorCode.forbidden,
          message(language, 'forbidden', { operation }),
        );
      }
    }
    const executed = await executeOperation({
      request: call.request,
      deps,
      user,
      operation,
      name: serviceCall.operation,
      parameter: { ...scope, ...serviceCall.fixed, ...parameter },
      root: 'body',
      channel: call.channel,
    });
    if (executed.body.error.code !== ErrorCode.ok) {
      const status = executed.restStatus ?? (executed.status === 200 ? 400 : executed.status);
      throw new RestRefusal(status, executed.body.error.code, executed.body.error.description);
    }
    return executed.body.result;
  };
  const declared = (which: Verb) => {
    const found = definition.verbs[which];
    if (!found || !('operation' in found.call)) {
      const text = restText(language, 'verbNotOffered', { name: definition.name, verb: which });
      throw new RestRefusal(405, ErrorCode.invalid, text);
    }
    return found;
  };
  const { body, id } = call;

  switch (verb) {
    case 'list': {
      const list = declared('list');
      const { datatable, filter, ids } = listQuery(definition, call.query);
      if (ids) {
        const rows = await findRows(definition, (p) => run(list, p), ids);
        return { kind: 'rows', rows: rows.map((row) => shown(row, hidden)) };
      }
      const page = (await run(list, { datatable, filter })) as Page<unknown>;
      const rows = page.data.map((row) => withId(definition, shown(row, hidden)));
      const end = rows.length === 0 ? datatable.start : datatable.start + rows.length - 1;
      // A page without a total (the global search counts only on its last page) says the
      // length is unknown, `*` (RFC 9110 §14.4): more rows may follow.
      return { kind: 'page', rows, start: datatable.start, end, total: page.total ?? '*' };
    }
    case 'show': {
      const show = definition.verbs.show;
      if (show && 'operation' in show.call) {
        const row = await run(show, { [show.call.id ?? 'id']: id });
        return { kind: 'record', record: withId(definition, shown(row, hidden), id) };
      }
      const [row] = (await findRows(definition, (p) => run(declared('list'), p), [String(id)])).map(
        (one) => shown(one, hidden),
      );
      if (!row) {
        const text = restText(language, 'recordNotFound', {
          id: String(id),
          name: definition.name,
        });
        throw new RestRefusal(404, ErrorCode.invalid, text);
      }
      return { kind: 'record', record: row };
    }
    case 'create': {
      const create = declared('create');
      // With the parameters besides the fields an engine create takes (a group's members), which
      // its hook checks as on every other door.
      const extra = Object.keys(hooksOf(definition.name).createParameters ?? {});
      const given = Object.entries(body).filter(([key]) => extra.includes(key));
      const record = { ...writable(definition, 'create', body), ...Object.fromEntries(given) };
      const created = await run(create, placed(create.call as ServiceCall, record));
      return { kind: 'record', record: withId(definition, shown(created, hidden)), created: true };
    }
    case 'edit': {
      const edit = declared('edit');
      const editCall = edit.call as ServiceCall;
      const record = writable(definition, 'edit', body);
      // The version the client read goes with its edit: a stale one is refused (409).
      const version = editCall.version ? { [editCall.version]: body[editCall.version] } : {};
      const updated = await run(edit, {
        [editCall.id ?? 'id']: id,
        ...placed(editCall, record),
        ...version,
      });
      return { kind: 'record', record: withId(definition, shown(updated, hidden), id) };
    }
    case 'delete': {
      const remove = declared('delete');
      const removeCall = remove.call as ServiceCall;
      const deleted = await run(remove, { [removeCall.id ?? 'id']: id });
      return { kind: 'record', record: withId(definition, shown(deleted, hidden), id) };
    }
    default: {
      const text = restText(language, 'verbNotOffered', { name: definition.name, verb });
      throw new RestRefusal(405, ErrorCode.invalid, text);
    }
  }
}

/** The rows with these keys, read through the list call (bounded: LOOKUP_PAGES pages). */
async function findRows(
  definition: ResourceDefinition,
  list: (parameter: Values) => Promise<unknown>,
  ids: string[],
): Promise<Values[]> {
  const wanted = new Set(ids);
  const found: Values[] = [];
  for (let page = 0; page < LOOKUP_PAGES && found.length < wanted.size; page++) {
    const datatable = { start: page * MAX_PAGE_LENGTH, length: MAX_PAGE_LENGTH, orderDir: 'asc' };
    const { data } = (await list({ datatable, filter: {} })) as Page<unknown>;
    for (const row of data) {
      const record = withId(definition, row) as Values;
      if (wanted.has(String(record.id))) found.push(record);
    }
    if (data.length < MAX_PAGE_LENGTH) break;
  }
  return found;
}

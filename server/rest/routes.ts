import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import { MAX_PAGE_LENGTH, type Page } from '../../protocol/paging';
import type { ResourceDefinition, Verb, VerbDefinition } from '../../protocol/resource-definition';
import { RESOURCE_DEFINITIONS } from '../../protocol/resources';
import { AuthError } from '../auth';
import { languageOf, message, type Language } from '../messages';
import { isPermitted } from '../services/registry';
import { authenticate, executeOperation, type ServicesDeps } from '../services/route';
import { keyOf, placed, withId, writable, type ServiceCall } from './calls';
import { restDefinition, shown } from './definition';
import { BadQuery, listQuery } from './query';
import { restText } from './texts';

type Values = Record<string, unknown>;
type Params = { resource: string; database?: string; id?: string };

/**
 * The envelope of a refusal, with `message` beside it: react-admin's fetchJson makes an
 * HttpError's message of the body's `message`.
 */
const refusalBody = (code: string, description: string) => ({
  ...errorResponse(code, description),
  message: description,
});

/** A refusal: the REST status and the envelope body, as ra-data-simple-rest reads an HttpError. */
class RestRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(description);
  }
}

/** Pages read when a record is looked for through the list (no show call): at most this many. */
const LOOKUP_PAGES = 20;

/**
 * `/api/rest/<resource>` and `/api/rest/projects/<numero>/<resource>` (docs/api.md): every
 * declared resource in the dialect of ra-data-simple-rest, through the same operations, checks
 * and texts as `/api/services`.
 */
export function registerRestApi(app: FastifyInstance, deps: ServicesDeps): void {
  for (const prefix of ['/api/rest/:resource', '/api/rest/projects/:database/:resource']) {
    app.get(prefix, handle(deps, 'list'));
    app.get(`${prefix}/:id`, handle(deps, 'show'));
    app.post(prefix, handle(deps, 'create'));
    app.put(`${prefix}/:id`, handle(deps, 'edit'));
    app.delete(`${prefix}/:id`, handle(deps, 'delete'));
  }
}

function handle(deps: ServicesDeps, verb: Verb) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request.headers['accept-language']);
    try {
      return await answer(request, reply, deps, verb, language);
    } catch (error) {
      if (error instanceof RestRefusal) {
        return reply.code(error.status).send(refusalBody(error.code, error.description));
      }
      if (error instanceof AuthError) {
        return reply.code(401).send(errorResponse(ErrorCode.unauthenticated, error.text(language)));
      }
      if (error instanceof BadQuery) {
        const text = restText(language, 'badQuery', {
          param: error.param,
          expected: error.expected,
        });
        return reply.code(400).send(refusalBody(ErrorCode.invalid, text));
      }
      throw error;
    }
  };
}

async function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ServicesDeps,
  verb: Verb,
  language: Language,
) {
  const params = request.params as Params;
  const user = await authenticate(request, deps);
  const found = await restDefinition(params.resource, user, deps);
  if (!found) {
    const known = Object.keys(RESOURCE_DEFINITIONS).join(', ');
    const text = restText(language, 'unknownResource', { name: params.resource, known });
    throw new RestRefusal(404, ErrorCode.invalid, text);
  }
  const { definition, hidden } = found;
  const inProject = params.database !== undefined;
  if (inProject !== (definition.scope === 'project')) {
    const key = inProject ? 'companyScope' : 'projectScope';
    throw new RestRefusal(
      404,
      ErrorCode.invalid,
      restText(language, key, { name: definition.name }),
    );
  }
  const scope: Values = inProject ? { database: keyOf(params.database!) } : {};
  const run = async (declared: VerbDefinition, parameter: Values) => {
    const call = declared.call as ServiceCall;
    const operation = deps.registry.get(call.operation)!;
    if ('role' in declared.permission) {
      const ctx = {
        db: deps.db,
        sandbox: deps.sandbox,
        config: deps.config,
        user,
        log: request.log,
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
      request,
      deps,
      user,
      operation,
      name: call.operation,
      parameter: { ...scope, ...call.fixed, ...parameter },
      root: 'body',
      channel: 'rest',
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
  const body = (request.body ?? {}) as Values;
  const id = params.id === undefined ? undefined : keyOf(params.id);

  switch (verb) {
    case 'list': {
      const list = declared('list');
      const { datatable, filter, ids } = listQuery(definition, request.query as Values);
      if (ids) {
        const rows = await findRows(definition, (p) => run(list, p), ids);
        return rows.map((row) => shown(row, hidden));
      }
      const page = (await run(list, { datatable, filter })) as Page<unknown>;
      const rows = page.data.map((row) => withId(definition, shown(row, hidden)));
      const end = rows.length === 0 ? datatable.start : datatable.start + rows.length - 1;
      // A page without a total (the global search counts only on its last page) says the
      // length is unknown, `*` (RFC 9110 §14.4): more rows may follow.
      const total = page.total ?? '*';
      return reply
        .header('Content-Range', `${definition.name} ${datatable.start}-${end}/${total}`)
        .header('Access-Control-Expose-Headers', 'Content-Range')
        .send(rows);
    }
    case 'show': {
      const show = definition.verbs.show;
      if (show && 'operation' in show.call) {
        const row = await run(show, { [show.call.id ?? 'id']: id });
        return withId(definition, shown(row, hidden), id);
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
      return row;
    }
    case 'create': {
      const create = declared('create');
      const record = writable(definition, 'create', body);
      const created = await run(create, placed(create.call as ServiceCall, record));
      return reply.code(201).send(withId(definition, shown(created, hidden)));
    }
    case 'edit': {
      const edit = declared('edit');
      const call = edit.call as ServiceCall;
      const record = writable(definition, 'edit', body);
      // The version the client read goes with its edit: a stale one is refused (409).
      const version = call.version ? { [call.version]: body[call.version] } : {};
      const updated = await run(edit, {
        [call.id ?? 'id']: id,
        ...placed(call, record),
        ...version,
      });
      return withId(definition, shown(updated, hidden), id);
    }
    case 'delete': {
      const remove = declared('delete');
      const call = remove.call as ServiceCall;
      const deleted = await run(remove, { [call.id ?? 'id']: id });
      return withId(definition, shown(deleted, hidden), id);
    }
    default:
      return reply.code(405).send();
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

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorCode, errorResponse, okResponse } from '../../protocol/envelope';
import {
  KIOSK_ACTIONS_PATH,
  KIOSK_AGENT_PACKAGE,
  KIOSK_OPERS,
  type KioskOper,
} from '../../protocol/kiosk';
import type { SessionUser } from '../auth';
import { languageOf, type Language } from '../messages';
import {
  callerOrRefused,
  executeOperation,
  type Executed,
  type ServicesDeps,
} from '../services/route';
import { listCias } from './premium/opers';
import { provisioningPayload } from './provisioning';
import { kioskText } from './texts';
import { engineApp, wifisOf, wireApp } from './wire';

const envelope = z.object({
  operation: z.enum(['kiosk', 'adminkiosk']),
  parameter: z.object({
    oper: z.string().min(1).max(100),
    filter: z.unknown().optional(),
    data: z.unknown().optional(),
  }),
});

type Row = Record<string, unknown>;
type Caller = SessionUser;

/** The kiosk list's paging and search in an oper's `filter` (all optional). */
const listFilter = z
  .object({
    start: z.number().int().min(0).optional(),
    length: z.number().int().min(1).max(500).optional(),
    orderBy: z.string().max(64).optional(),
    orderDir: z.enum(['asc', 'desc']).optional(),
    q: z.string().max(200).optional(),
  })
  .catch({});

/**
 * `POST /api/kiosk/Actions` `{operation: 'kiosk', parameter: {oper, filter, data}}` (002 §7 Simple
 * kiosk), and `{operation: 'adminkiosk', parameter: {oper: 'ListCias'}}` (000 §7): each oper is a thin adapter over the engine's operations of kiosk-apps and kiosk-config,
 * run through executeOperation, so their permission, validation, hooks, actions log, revisions
 * and envelope are the engine's. Writes answer 'Actualizado correctamente'; their refusals begin
 * 'Error al actualizar' or 'Error al eliminar la aplicación.' (§8), in the caller's language.
 */
export function registerKioskActions(app: FastifyInstance, deps: ServicesDeps): void {
  app.post(KIOSK_ACTIONS_PATH, async (request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    const user = await callerOrRefused(request, reply, deps);
    if (!user) return reply;
    const parsed = envelope.safeParse(request.body);
    if (!parsed.success) return errorResponse(ErrorCode.invalid, kioskText(language, 'badActions'));
    const { oper, filter, data } = parsed.data.parameter;
    const call = {
      request,
      deps,
      user,
      // The screen's language, as the field refusals of executeOperation; else the user's.
      language: request.headers['accept-language'] ? language : languageOf(user.language),
    };
    // 000 §7: operation adminkiosk, oper ListCias on both kiosks' endpoints (the premium's list).
    if (parsed.data.operation === 'adminkiosk' || oper === 'ListCias') {
      const answer = await listCias(call);
      return answer.status === 200 ? answer.body : reply.code(answer.status).send(answer.body);
    }
    if (!(KIOSK_OPERS as readonly string[]).includes(oper)) {
      const list = KIOSK_OPERS.join(', ');
      return errorResponse(ErrorCode.invalid, kioskText(language, 'unknownOper', { oper, list }));
    }
    const answer = await kioskOper(call, oper as KioskOper, filter, data);
    return answer.status === 200 ? answer.body : reply.code(answer.status).send(answer.body);
  });
}

interface Call {
  request: FastifyRequest;
  deps: ServicesDeps;
  user: Caller;
  language: Language;
}

/** Runs an engine operation as the caller; `name` is the engine's (kioskAppsList, …). */
function run(call: Call, name: string, parameter: unknown): Promise<Executed> {
  return executeOperation({
    request: call.request,
    deps: call.deps,
    user: call.user,
    operation: call.deps.registry.get(name)!,
    name,
    parameter,
    root: 'parameter',
  });
}

const failed = (answer: Executed) =>
  answer.status !== 200 || answer.body.error.code !== ErrorCode.ok;

/** A write's answer: its spec text on success, its refusal prefixed by the spec's on failure. */
function written(
  call: Call,
  answer: Executed,
  failure: 'updateError' | 'deleteError',
  result?: unknown,
) {
  if (failed(answer)) {
    const reason = answer.body.error.description;
    const body = {
      ...answer.body,
      error: { ...answer.body.error, description: kioskText(call.language, failure, { reason }) },
    };
    return { status: answer.status, body };
  }
  const body = okResponse(result ?? answer.body.result);
  body.error.description = kioskText(call.language, 'updated');
  return { status: 200, body };
}

/** The company's configuration row, or undefined before the first save. */
async function configRow(call: Call): Promise<{ answer: Executed; row?: Row }> {
  const answer = await run(call, 'kioskConfigList', { datatable: { start: 0, length: 1 } });
  if (failed(answer)) return { answer };
  return { answer, row: (answer.body.result as { data: Row[] }).data[0] };
}

/** Saves the configuration's given fields: creates the company's row or edits it. */
async function saveConfig(call: Call, values: Row): Promise<Executed> {
  const { answer, row } = await configRow(call);
  if (failed(answer)) return answer;
  if (!row) return run(call, 'kioskConfigCreate', { password: '', ...values });
  return run(call, 'kioskConfigEdit', { id: row.id, version: row.version, ...values });
}

const company = (call: Call) => call.user.companyId ?? 0;

async function wirePage(call: Call, answer: Executed): Promise<Executed> {
  if (failed(answer)) return answer;
  const page = answer.body.result as { data: Row[]; total: number };
  const data = await Promise.all(
    page.data.map((row) => wireApp(row, call.deps.config, call.deps.db, company(call))),
  );
  return { status: 200, body: { ...answer.body, result: { ...page, data } } };
}

async function kioskOper(
  call: Call,
  oper: KioskOper,
  filter: unknown,
  data: unknown,
): Promise<Executed> {
  const record = (data && typeof data === 'object' ? data : {}) as Row;
  switch (oper) {
    case 'List':
    case 'ListUpdate': {
      // List: a page of the table; ListUpdate: the apps list of the configuration dialog.
      const f = listFilter.parse(filter ?? {});
      const datatable = {
        start: oper === 'List' ? (f.start ?? 0) : 0,
        length: oper === 'List' ? (f.length ?? 10) : 500,
        orderBy: f.orderBy ?? 'Name',
        orderDir: f.orderDir ?? 'asc',
      };
      const answer = await run(call, 'kioskAppsList', { datatable, filter: f.q ? { q: f.q } : {} });
      return wirePage(call, answer);
    }
    case 'AppUpdate': {
      const id = Number(record.Id ?? -1);
      const values = engineApp(record);
      if (!(id > 0)) {
        const created = await run(call, 'kioskAppsCreate', values);
        return written(call, created, 'updateError', await wiredResult(call, created));
      }
      let version = values.version;
      if (typeof version !== 'number') {
        // A client of the specification knows no versions: the current one is used.
        const shown = await run(call, 'kioskAppsShow', { id });
        if (failed(shown)) return written(call, shown, 'updateError');
        version = (shown.body.result as Row).version;
      }
      const edited = await run(call, 'kioskAppsEdit', { ...values, id, version });
      return written(call, edited, 'updateError', await wiredResult(call, edited));
    }
    case 'deleteAPP': {
      const id = Number(typeof filter === 'object' && filter ? (filter as Row).Id : filter);
      const answer = await run(call, 'kioskAppsDelete', { id: Number.isFinite(id) ? id : 0 });
      return written(call, answer, 'deleteError');
    }
    case 'UpdateConfig': {
      const values: Row = {};
      if (Object.hasOwn(record, 'password')) values.password = record.password;
      if (Object.hasOwn(record, 'launchonboot')) values.launchonboot = record.launchonboot || null;
      return written(call, await saveConfig(call, values), 'updateError');
    }
    case 'saveListWifis': {
      const wifis = Array.isArray(data) ? data : (record.wifis ?? data);
      return written(call, await saveConfig(call, { wifis }), 'updateError');
    }
    case 'getListWifis': {
      const { answer, row } = await configRow(call);
      return failed(answer) ? answer : { status: 200, body: okResponse(wifisOf(row)) };
    }
    case 'getConfig':
      return getConfig(call);
  }
}

/** The engine's answer's row in the wire's shape (an app). */
async function wiredResult(call: Call, answer: Executed) {
  if (failed(answer)) return undefined;
  return wireApp(answer.body.result as Row, call.deps.config, call.deps.db, company(call));
}

/** getConfig: password, launchonboot, the wifis and QRtext, the enrolment QR's payload. */
async function getConfig(call: Call): Promise<Executed> {
  const { answer, row } = await configRow(call);
  if (failed(answer)) return answer;
  const agent = await run(call, 'kioskAppsList', {
    datatable: { start: 0, length: 1 },
    rowfilter: { Package: KIOSK_AGENT_PACKAGE },
    rowfilteroper: { Package: 5 },
  });
  const agentRow = failed(agent) ? undefined : (agent.body.result as { data: Row[] }).data[0];
  const wifis = wifisOf(row);
  const payload = await provisioningPayload(
    call.deps.config,
    call.deps.db,
    company(call),
    wifis,
    (agentRow?.Checksum as string | null) ?? null,
  );
  return {
    status: 200,
    body: okResponse({
      id: row?.id ?? null,
      version: row?.version ?? null,
      password: row?.password ?? '',
      launchonboot: row?.launchonboot ?? null,
      wifis,
      QRtext: JSON.stringify(payload),
      agent: agentRow ? { Package: agentRow.Package, Checksum: agentRow.Checksum ?? null } : null,
    }),
  };
}

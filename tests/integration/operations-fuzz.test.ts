import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { COMMANDS } from '../../protocol/commands';
import {
  checkinRequestSchema,
  deviceAuthorization,
  deviceMessageSchema,
  enrolRequestSchema,
  type ServerMessage,
} from '../../protocol/device-protocol';
import { commandsDb } from '../../server/commands/table';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { RESOURCE_DEFINITIONS } from '../../protocol/resources/index';
import { createRegistry } from '../../server/services/index';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, insertDevices, type TestProject } from '../support/devices';
import {
  changedTables,
  digest,
  nextTransactionId,
  expectEnvelope,
  USER_SQL_OPERATIONS,
  hostileNumbers,
  hostileStrings,
  INTERNALS,
  PROTOTYPE_NAMES,
  shaped,
  toJson,
  wild,
  withOneHostile,
} from '../support/fuzz';

/**
 * Property-based fuzzing (fast-check) of every operation of the registry and of the device API,
 * with random and hostile input shaped after each one's own schema so that many calls reach the
 * handlers and the database. Whatever comes in, the answer is the envelope (never HTTP 500, never
 * a stack trace or PostgreSQL's words), and a refused call changes no row of the core schema or
 * of any project schema. FUZZ_RUNS=<n> runs each operation n times instead of 40.
 */

const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 40);
const DEVICE_RUNS = 120;

let t: TestApp;
let demo: TestProject;
let enrolment: DemoEnrolmentFile;
let tokens: Record<'admin' | 'superadmin', string>;
let server: string;
const MIDS = ['FUZZ-1', 'FUZZ-2', 'FUZZ-3'];
const FILTER_COLUMNS = ['ID', 'MID', 'OWNER', 'STATUS', 'SINCRONISMO', 'DEVICE_TYPE', 'PIN'];
let deviceIds: number[] = [];

beforeAll(async () => {
  // Commands time out after an hour: no timeout may write in the middle of the digests.
  t = await buildTestApp({ DEVICE_COMMAND_TIMEOUT_SECONDS: '3600' });
  demo = await demoProject(t.database.db);
  enrolment = JSON.parse(
    fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'),
  );
  // Tokens that outlast a long run (FUZZ_RUNS): an expired one would only test the 401.
  const expiresIn = '2h';
  tokens = {
    admin: await t.tokenFor('admin', { expiresIn }),
    superadmin: await t.tokenFor('superadmin', { expiresIn }),
  };
  await insertDevices(t.database.db, demo.schema, MIDS.length, 'FUZZ');
  const rows = await sql<{ ID: number }>`
    SELECT "ID" FROM ${sql.id(demo.schema, 'devices')} ORDER BY "ID"`.execute(t.database.db);
  deviceIds = rows.rows.map((row) => row.ID);
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

async function post(url: string, payload: string, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = response.body;
  }
  return { status: response.statusCode, body: body as any };
}

/**
 * Runs `call` and checks its answer; when the answer is a refusal, also that no row changed.
 * The digest is taken again only after a call that succeeded (which may write), and after a
 * refusal only when some transaction wrote meanwhile (a heartbeat, or the call): taken after every
 * refusal, the digests of tables that grow with the run made it its longest test by far.
 */
function refusalsWriteNothing() {
  let before: Map<string, string> | null = null;
  const stats = { calls: 0, refused: 0, digests: 0 };
  return {
    stats,
    async check(what: string, call: () => Promise<{ status: number; body: any }>) {
      if (!before) stats.digests++;
      before ??= await digest(t.database.db);
      const next = await nextTransactionId(t.database.db);
      const { status, body } = await call();
      stats.calls++;
      expectEnvelope(what, status, body, USER_SQL_OPERATIONS.has(what.split(' ')[0]));
      if (body.error.code === '0') {
        before = null;
        return;
      }
      stats.refused++;
      if ((await nextTransactionId(t.database.db)) === next) return;
      stats.digests++;
      const after = await digest(t.database.db);
      expect(changedTables(before, after), `${what}: refused, yet rows changed`).toEqual([]);
      before = after;
    },
  };
}

/** Good values for keys the operations share, so that calls get past the project check. */
function likely(key: string): fc.Arbitrary<unknown> | null {
  if (key === 'database') return fc.constant(demo.numero);
  if (key === 'mid' || key === 'MID') return fc.constantFrom(...MIDS);
  if (key === 'dest' || key === 'lstMID') return fc.constant(MIDS.slice(0, 2));
  if (key === 'ID') return fc.constantFrom(...deviceIds);
  if (key === 'environment' || key === 'id') return fc.constantFrom(1, 2, '1');
  if (key === 'cmd') return fc.constantFrom(...COMMANDS);
  if (key === 'orderBy') return fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.string());
  if (key === 'resource') return fc.constantFrom('devicelist', 'devices', 'applications');
  if (key === 'rowfilter' || key === 'rowfilteroper') {
    const value = key === 'rowfilter' ? fc.oneof(hostileStrings, hostileNumbers) : fc.nat(13);
    return fc.dictionary(fc.constantFrom(...FILTER_COLUMNS), value, { maxKeys: 3 });
  }
  if (/^(name|dbname|projectname|databasename)$/.test(key)) {
    return fc.oneof(
      fc.nat(1000).map((n) => `fuzz_${n}`),
      hostileStrings,
    );
  }
  return null;
}

async function online(mid: string): Promise<boolean | undefined> {
  const row = await t.database.db
    .selectFrom('core.device_directory')
    .select('online')
    .where('mid', '=', mid)
    .executeTakeFirst();
  return row?.online;
}

const INFORMATION = {
  manufacturerName: 'Samsung',
  modelName: 'Galaxy A54',
  os: 'Android',
  osVersion: '14',
  imei: '350000000000011',
  isRooted: false,
  batteryLevel: 80,
  totalRamSize: 8_000_000_000,
  availableRamSize: 3_000_000_000,
};

/** Enrolments: a good one with one hostile part, shaped after the schema, or anything. */
const hostileEnrolment = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constant(null).chain(() =>
      withOneHostile({
        token: enrolment.token,
        mid: 'fuzz-device-2',
        platform: 'ANDROID',
        model: 'Pixel 8',
        owner: 'Ana Ruiz',
        email: 'ana@example.es',
        username: 'ana',
        info: INFORMATION,
      }),
    ),
  },
  { weight: 1, arbitrary: shaped(enrolRequestSchema) },
  { weight: 1, arbitrary: wild },
);

const hostileCheckin = fc.oneof(
  {
    weight: 3,
    arbitrary: withOneHostile({
      info: INFORMATION,
      battery: { level: 50, charging: true },
      position: { latitude: 40.4, longitude: -3.7, accuracy: 12, time: '2026-11-22T10:00:00Z' },
      errors: [{ time: '2026-11-22T10:00:00Z', sql: 'INSERT INTO t VALUES (1)', description: 'x' }],
    }),
  },
  { weight: 1, arbitrary: shaped(checkinRequestSchema) },
  { weight: 1, arbitrary: wild },
);

// The device API first: the operations below rotate the demo's enrolment token.
describe('the device API, with random and hostile input', () => {
  const enrol = (mid: string) =>
    post(
      '/api/device/v1/enrol',
      JSON.stringify({
        token: enrolment.token,
        mid,
        platform: 'ANDROID',
        model: 'Pixel 8',
        owner: 'Ana',
      }),
    );

  it('answers enrolment and check-in with the envelope; a refusal writes nothing', async () => {
    const enrolled = await enrol('fuzz-device-1');
    expect(enrolled.body.error.code).toBe('0');
    const authorization = deviceAuthorization('fuzz-device-1', enrolled.body.result.credential);
    const guard = refusalsWriteNothing();

    await fc.assert(
      fc.asyncProperty(hostileEnrolment, async (value) => {
        const body = toJson(value);
        await guard.check(`enrol ${body.slice(0, 300)}`, () => post('/api/device/v1/enrol', body));
      }),
      { numRuns: DEVICE_RUNS },
    );
    await fc.assert(
      fc.asyncProperty(hostileCheckin, async (value) => {
        const body = toJson(value);
        await guard.check(`checkin ${body.slice(0, 300)}`, () =>
          post('/api/device/v1/checkin', body, { authorization }),
        );
      }),
      { numRuns: DEVICE_RUNS },
    );
    expect(guard.stats.refused).toBeGreaterThan(0);
  });

  it('answers hostile socket messages or ignores them, and still records a good result', async () => {
    const enrolled = await enrol('fuzz-socket-1');
    const socket = new WebSocket(`${server.replace(/^http/, 'ws')}/api/device/v1/socket`, {
      headers: {
        authorization: deviceAuthorization('fuzz-socket-1', enrolled.body.result.credential),
      },
    });
    const received: ServerMessage[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.on('message', (data) => {
        received.push(JSON.parse(data.toString()) as ServerMessage);
        if (received.at(-1)?.type === 'welcome') resolve();
      });
    });
    await expect.poll(() => online('fuzz-socket-1')).toBe(true);
    const arrived = (check: (message: ServerMessage) => boolean, after: number) =>
      expect.poll(() => received.slice(after).some(check), { timeout: 5000 }).toBe(true);
    const command = async () => {
      const count = received.length;
      const sent = await t.call(
        'sendCommand',
        { database: demo.numero, cmd: 'ping', dest: ['fuzz-socket-1'] },
        tokens.admin,
      );
      expect(sent.body.error.code).toBe('0');
      await arrived((message) => message.type === 'command', count);
      return sent.body.result.results[0].commandId as string;
    };

    // Answers to real commands, so that the recorder gets hostile results too.
    const ids = [await command(), await command(), await command()];
    const answer = fc.constantFrom(...ids).chain((id) =>
      withOneHostile({
        type: 'result',
        id,
        ok: false,
        msg: 'done',
        exceptionMessage: 'Camera in use',
        result: { rows: [['a', 1]] },
        QueryResponses: [{ query: 'battery', value: 80 }],
        latitude: 40.4,
        longitude: -3.7,
        time: '2026-11-22T10:00:00Z',
        channel: 'websocket',
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(answer, shaped(deviceMessageSchema), wild), async (value) => {
        const count = received.length;
        socket.send(toJson(value));
        // A ping after it shows that the socket still works and the message was dealt with.
        socket.send(JSON.stringify({ type: 'ping', id: 'probe' }));
        await arrived((message) => message.type === 'pong' && message.id === 'probe', count);
        for (const message of received.slice(count)) {
          if (message.type === 'error') expect(message.description).not.toMatch(INTERNALS);
        }
      }),
      { numRuns: DEVICE_RUNS },
    );

    // After all that, a good answer to a new command is recorded.
    const id = await command();
    socket.send(JSON.stringify({ type: 'result', id, ok: true, msg: 'pong' }));
    await expect
      .poll(async () => {
        const row = await commandsDb(t.database.db, demo.schema)
          .selectFrom('device_commands')
          .select('STATE')
          .where('ID', '=', Number(id.replace(/^\D+/, '')))
          .executeTakeFirst();
        return row?.STATE;
      })
      .toBe('executed');
    socket.close();
    // Its presence written offline, so that no write of it lands among the operations' calls.
    await expect.poll(() => online('fuzz-socket-1')).toBe(false);
  });
});

// Before the random calls below, which end by marking the demo project deleted.
describe('names every plain object answers (constructor, __proto__, toString, hasOwnProperty)', () => {
  const registry = createRegistry();
  const LAST = ['markToDelete', 'deleteEnvironment', 'updateCompanyState'];
  const names = registry.names().filter((name) => !LAST.includes(name));
  const call = (name: string, parameter: unknown) =>
    post('/api/services', toJson({ operation: name, parameter }), {
      authorization: `Bearer ${tokens.admin}`,
    });

  it(
    'as a sort, filter or parameter name: the envelope from every operation, never 500',
    { timeout: 600_000 },
    async () => {
      const guard = refusalsWriteNothing();
      for (const name of names) {
        for (const key of PROTOTYPE_NAMES) {
          const database = demo.numero;
          const parameters = [
            { database, datatable: { start: 0, length: 5, orderBy: key, orderDir: 'desc' } },
            { database, filter: { [key]: 'x' } },
            { database, rowfilter: { [key]: 'x' }, rowfilteroper: { [key]: 1 } },
            { database, [key]: 'x' },
          ];
          for (const parameter of parameters) {
            const body = JSON.stringify(parameter);
            await guard.check(`${name} with ${body}`, () => call(name, parameter));
          }
        }
      }
      expect(guard.stats.calls).toBe(names.length * PROTOTYPE_NAMES.length * 4);
    },
  );

  it('refuses them as sort fields of the lists that sort by a name, and takes the real ones', async () => {
    const lists: [string, string, Record<string, unknown>][] = [
      ['getDBconfig', 'KEYNAME', {}],
      ['platformList', 'platform', {}],
      ['platformModels', 'model', {}],
      ['reports', 'Title', {}],
      ['reportsWithPages', 'Modified', {}],
      ['updatesList', 'version', { panel: 1 }],
      ['deviceCommands', 'CREATED', { mid: MIDS[0] }],
      ['deviceErrorLogs', 'TIMESTAMP', { mid: MIDS[0] }],
      ['deviceReplicaOperations', 'ID', { mid: MIDS[0] }],
    ];
    for (const [operation, good, extra] of lists) {
      for (const orderBy of [...PROTOTYPE_NAMES, 'NOSUCHFIELD']) {
        const datatable = { start: 0, length: 5, orderBy, orderDir: 'asc' };
        const { status, body } = await call(operation, {
          database: demo.numero,
          datatable,
          ...extra,
        });
        expectEnvelope(`${operation} by ${orderBy}`, status, body);
        expect(body.error.code, `${operation} by ${orderBy}`).not.toBe('0');
        expect(body.error.description).toContain(orderBy);
      }
      const datatable = { start: 0, length: 5, orderBy: good, orderDir: 'desc' };
      const { body } = await call(operation, { database: demo.numero, datatable, ...extra });
      expect(body.error, `${operation} by ${good}`).toMatchObject({ code: '0' });
    }
  });

  it('answers a report whose macro is such a name as an empty macro, not with a TypeError', async () => {
    const { status, body } = await call('runReport', {
      database: demo.numero,
      SQL: "SELECT ##constructor## AS a, '##toString##' AS b",
      macros: {},
    });
    expectEnvelope('runReport', status, body, true);
    expect(body.error.code).not.toBe('0');
  });

  it('as a REST sort or filter field: an answer, never 500', { timeout: 120_000 }, async () => {
    for (const definition of Object.values(RESOURCE_DEFINITIONS)) {
      if (!definition.verbs.list) continue;
      const base =
        definition.scope === 'project'
          ? `/api/rest/projects/${demo.numero}/${definition.name}`
          : `/api/rest/${definition.name}`;
      for (const key of PROTOTYPE_NAMES) {
        const queries = [
          `sort=${encodeURIComponent(JSON.stringify([key, 'ASC']))}`,
          `filter=${encodeURIComponent(JSON.stringify({ [key]: 'x' }))}`,
          `${key}=1`,
        ];
        for (const query of queries) {
          const response = await t.app.inject({
            method: 'GET',
            url: `${base}?${query}`,
            headers: { authorization: `Bearer ${tokens.admin}` },
          });
          const what = `GET ${base}?${decodeURIComponent(query)}: ${response.body.slice(0, 200)}`;
          expect(response.statusCode, what).toBeLessThan(500);
          expect(response.body, what).not.toMatch(INTERNALS);
        }
      }
    }
  });
});

describe('every registered operation, with random and hostile parameters', () => {
  const registry = createRegistry();
  // Operations that shut doors (a project marked deleted, a company disabled) come last.
  const LAST = ['markToDelete', 'deleteEnvironment', 'updateCompanyState'];
  const names = [...registry.names().filter((name) => !LAST.includes(name)), ...LAST];

  it(
    'answers the envelope, never 500; a refused call writes nothing',
    { timeout: 600_000 },
    async () => {
      const guard = refusalsWriteNothing();
      const failures: string[] = [];
      for (const name of names) {
        const operation = registry.get(name)!;
        const callers = operation.permission === 'topadmin' ? ['superadmin', 'admin'] : ['admin'];
        const parameter = fc.oneof(
          { weight: 5, arbitrary: shaped(operation.parameter, likely) },
          { weight: 1, arbitrary: wild },
        );
        const run = await fc.check(
          fc.asyncProperty(parameter, fc.constantFrom(...callers), async (value, login) => {
            const body = toJson({ operation: name, parameter: value });
            await guard.check(`${name} as ${login} with ${body.slice(0, 300)}`, () =>
              post('/api/services', body, {
                authorization: `Bearer ${tokens[login as keyof typeof tokens]}`,
              }),
            );
          }),
          { numRuns: RUNS_PER_OPERATION },
        );
        // Every operation is run, and the failures of all of them reported together.
        if (run.failed) failures.push(`${name} (seed ${run.seed}): ${String(run.errorInstance)}`);
      }
      expect(failures).toEqual([]);
      expect(guard.stats.calls).toBe(names.length * RUNS_PER_OPERATION);
      const session = await t.call('session', {}, tokens.admin);
      expect(session.body.error.code).toBe('0');
    },
  );
});

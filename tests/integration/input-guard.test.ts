import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { commandMessageId } from '../../protocol/commands';
import { deviceAuthorization, type ServerMessage } from '../../protocol/device-protocol';
import { loadSessionUser } from '../../server/auth';
import { ReportRecorder, type RecordedOutcome } from '../../server/commands/recorder';
import { insertCommands } from '../../server/commands/store';
import { commandsDb } from '../../server/commands/table';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { defineOperation, OperationRegistry } from '../../server/services/registry';
import { runOperation, type ServicesDeps } from '../../server/services/route';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, insertDevices, type TestProject } from '../support/devices';

/**
 * Values PostgreSQL cannot store (NUL, lone surrogates, integers past int4) are refused with the
 * envelope's clear error for every operation and device message, and one device's answer the
 * database refuses never costs the other devices' answers.
 */

let t: TestApp;
let demo: TestProject;
let enrolment: DemoEnrolmentFile;
let admin: string;
let server: string;

beforeAll(async () => {
  t = await buildTestApp();
  demo = await demoProject(t.database.db);
  enrolment = JSON.parse(
    fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'),
  );
  admin = await t.tokenFor('admin');
  await insertDevices(t.database.db, demo.schema, 3, 'GUARD');

  // Two routes that reach PostgreSQL with a value no schema refused, to see how the central
  // handling answers what only the database catches: one through the operations' runner, one
  // bare (as the device API's handlers are).
  const adminRow = await t.database.db
    .selectFrom('core.users')
    .select('id')
    .where('login', '=', 'admin')
    .executeTakeFirstOrThrow();
  const overflow = defineOperation({
    name: 'overflow',
    parameter: z.object({ value: z.number() }),
    permission: 'user',
    handler: async ({ value }, { db }) => sql`SELECT ${value}::int4 AS n`.execute(db),
  });
  t.app.post('/test/operation', async (request, reply) =>
    runOperation({
      request,
      reply,
      deps: {
        config: t.config,
        db: t.database.db,
        registry: new OperationRegistry(),
      } as ServicesDeps,
      user: await loadSessionUser(t.database.db, t.config, { sub: String(adminRow.id) }),
      operation: overflow,
      name: 'overflow',
      parameter: request.body,
      root: 'parameter',
    }),
  );
  t.app.post('/test/bare', async (request) => {
    await sql`SELECT ${(request.body as { value: number }).value}::int4`.execute(t.database.db);
    return { ok: true };
  });
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const call = (operation: string, parameter: unknown, language = 'es') =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${admin}`, 'accept-language': language },
      payload: { operation, parameter },
    })
    .then((response) => ({ status: response.statusCode, body: response.json() }));

describe('operations refuse what PostgreSQL cannot store', () => {
  it('refuses a NUL character in a search text with a clear error, in Spanish and English', async () => {
    const es = await call('usersForShare', { q: 'ana\u0000' });
    expect(es.status).toBe(200);
    expect(es.body).toEqual({
      error: {
        code: '-1',
        description:
          'Parámetro no válido para usersForShare: parameter.q contiene el carácter nulo (U+0000), que no se puede guardar.',
      },
      result: null,
    });
    const en = await call('projects', { filter: { q: '\u0000' } }, 'en');
    expect(en.body.error).toEqual({
      code: '-1',
      description:
        'Invalid parameter for projects: parameter.filter.q contains the null character (U+0000), which cannot be stored.',
    });
  });

  it('refuses NUL in filters, names and search of every kind of operation', async () => {
    const cases: [string, unknown][] = [
      ['devicesWithPages', { database: demo.numero, rowfilter: { OWNER: 'a\u0000' } }],
      ['devicesByDatabase', { search: '\u0000' }],
      ['environments', { filter: { q: '\u0000' } }],
      ['recents', { filter: { q: 'x\u0000' } }],
      ['modifyEnvironment', { id: 1, name: 'Nuevo\u0000nombre' }],
      [
        'saveDevice',
        { database: demo.numero, device: { ID: null, MID: 'GUARD-NEW', OWNER: '\u0000' } },
      ],
      [
        'sendCommand',
        { database: demo.numero, cmd: 'message', dest: ['GUARD-1'], params: { message: '\u0000' } },
      ],
    ];
    for (const [operation, parameter] of cases) {
      const { status, body } = await call(operation, parameter);
      expect(status, operation).toBe(200);
      expect(body.error.code, operation).toBe('-1');
      expect(body.error.description, operation).toContain('(U+0000)');
    }
    const mdm = await t.app.inject({
      method: 'POST',
      url: '/api/kioskpremium/mdm',
      headers: { authorization: `Bearer ${admin}` },
      payload: {
        operation: 'mdm',
        parameter: { oper: 'setDataDevice', data: { database: demo.numero, mid: 'GUARD-1\u0000' } },
      },
    });
    expect(mdm.json().error).toEqual({
      code: '-1',
      description:
        'Parámetro no válido para setDataDevice: data.mid contiene el carácter nulo (U+0000), que no se puede guardar.',
    });
    const saved =
      await sql`SELECT 1 FROM ${sql.id(demo.schema, 'devices')} WHERE "MID" = 'GUARD-NEW'`.execute(
        t.database.db,
      );
    expect(saved.rows).toEqual([]);
  });

  it('refuses a lone surrogate, which UTF-8 cannot encode, in a value or a key', async () => {
    const value = await call('projects', { filter: { q: 'a\uD800b' } });
    expect(value.body.error.code).toBe('-1');
    expect(value.body.error.description).toBe(
      'Parámetro no válido para projects: parameter.filter.q contiene un carácter UTF-16 incompleto (un sustituto sin pareja), que no se puede guardar.',
    );
    const key = await call('devicesWithPages', {
      database: demo.numero,
      rowfilter: { ['\uDC00']: 'x' },
    });
    expect(key.body.error.code).toBe('-1');
    expect(key.body.error.description).toContain('parameter.rowfilter["\uFFFD"]');
  });

  it('refuses parameters nested past the limit without overflowing the stack', async () => {
    const depth = 20_000;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"operation":"saveState","parameter":{"state":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().error).toMatchObject({ code: '-1' });
    expect(response.json().error.description).toContain('anida más de 32 niveles');
  });

  it('refuses an id past 2^31 - 1 instead of failing in PostgreSQL', async () => {
    for (const [operation, parameter] of [
      ['notificationRead', { id: 2 ** 31 }],
      ['deviceForEdit', { database: demo.numero, ID: 2 ** 31 }],
      ['projectAccess', { database: 2 ** 31 }],
    ] as const) {
      const { status, body } = await call(operation, parameter);
      expect(status, operation).toBe(200);
      expect(body.error.code, operation).toBe('-1');
      expect(body.error.description, operation).toMatch(/^Parámetro no válido para/);
    }
  });

  it('answers a value only PostgreSQL refuses as a refusal, not as an internal error', async () => {
    const operation = await t.app.inject({
      method: 'POST',
      url: '/test/operation',
      headers: { 'accept-language': 'en' },
      payload: { value: 2 ** 31 },
    });
    expect(operation.statusCode).toBe(200);
    expect(operation.json().error).toEqual({
      code: '-1',
      description:
        'Invalid parameter for overflow: The database cannot take one of the values sent: a number out of range, or a text too long or with characters it does not allow.',
    });
    const bare = await t.app.inject({
      method: 'POST',
      url: '/test/bare',
      payload: { value: 2 ** 40 },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.code).toBe('-1');
    expect(bare.json().error.description).toMatch(/^La base de datos no admite uno de los valores/);
  });
});

describe('the device API refuses what PostgreSQL cannot store', () => {
  let credential: string;

  beforeAll(async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: {
        token: enrolment.token,
        mid: 'guard-dev-1',
        platform: 'ANDROID',
        model: 'Pixel 8',
        owner: 'Ana',
      },
    });
    credential = response.json().result.credential;
  });

  it('refuses a check-in whose information holds a NUL, and writes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/checkin',
      headers: { authorization: deviceAuthorization('guard-dev-1', credential) },
      payload: { info: { manufacturerName: 'Sam\u0000sung', osVersion: '14' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: '-1',
      description:
        'Cuerpo no válido: body.info.manufacturerName contiene el carácter nulo (U+0000), que no se puede guardar.',
    });
    const info =
      await sql`SELECT 1 FROM ${sql.id(demo.schema, 'device_info')} WHERE "MID" = 'guard-dev-1'`.execute(
        t.database.db,
      );
    expect(info.rows).toEqual([]);
  });

  it('refuses an enrolment with a lone surrogate in its owner', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      headers: { 'accept-language': 'en' },
      payload: {
        token: enrolment.token,
        mid: 'guard-dev-2',
        platform: 'ANDROID',
        model: 'Pixel 8',
        owner: 'An\uD83Da',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.description).toBe(
      'Invalid body: body.owner contains an incomplete UTF-16 character (an unpaired surrogate), which cannot be stored.',
    );
  });
});

describe("one device's answer never costs other devices' answers", () => {
  async function enrol(mid: string): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: { token: enrolment.token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: 'Ana' },
    });
    return response.json().result.credential;
  }

  async function open(mid: string): Promise<{ socket: WebSocket; received: ServerMessage[] }> {
    const socket = new WebSocket(`${server.replace(/^http/, 'ws')}/api/device/v1/socket`, {
      headers: { authorization: deviceAuthorization(mid, await enrol(mid)) },
    });
    const received: ServerMessage[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as ServerMessage;
        received.push(message);
        if (message.type === 'welcome') resolve();
      });
    });
    return { socket, received };
  }

  const nextError = (received: ServerMessage[], after: number) =>
    new Promise<Extract<ServerMessage, { type: 'error' }>>((resolve, reject) => {
      const started = Date.now();
      const poll = () => {
        const found = received.slice(after).find((message) => message.type === 'error');
        if (found) return resolve(found as Extract<ServerMessage, { type: 'error' }>);
        if (Date.now() - started > 5000) return reject(new Error('no error message'));
        setTimeout(poll, 20);
      };
      poll();
    });

  it('refuses a result holding a NUL or nested too deep on the socket, and the socket goes on', async () => {
    const { socket, received } = await open('guard-sock-1');
    const id = commandMessageId(1);
    let seen = received.length;
    socket.send(
      JSON.stringify({ type: 'result', id, ok: false, exceptionMessage: 'disk\u0000full' }),
    );
    expect((await nextError(received, seen)).description).toBe(
      'Mensaje no válido: message.exceptionMessage contiene el carácter nulo (U+0000), que no se puede guardar.',
    );
    seen = received.length;
    const depth = 10_000;
    socket.send(
      `{"type":"result","id":"${id}","ok":true,"result":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    );
    expect((await nextError(received, seen)).description).toMatch(
      /^Mensaje no válido: message\.result(\[0\])+ anida más de 32 niveles/,
    );
    seen = received.length;
    socket.send(JSON.stringify({ type: 'ping', id: 'still-there' }));
    await expect
      .poll(() => received.slice(seen).some((message) => message.type === 'pong'))
      .toBe(true);
    socket.close();
  });

  it('records the other results of a batch whose statement the database refuses', async () => {
    const history = commandsDb(t.database.db, demo.schema);
    const inserted = await insertCommands(t.database.db, {
      numero: demo.numero,
      schema: demo.schema,
      cmd: 'ping',
      params: {},
      mids: ['GUARD-1', 'GUARD-2', 'GUARD-3'],
      sender: { id: null, login: 'admin', language: 'es' },
      source: 'console',
    });
    const idOf = (mid: string) => inserted.find((row) => row.mid === mid)!.id;
    const recorded: RecordedOutcome[] = [];
    const failures: number[] = [];
    // One statement at a time: the first report takes it, the next two wait and form one batch.
    const recorder = new ReportRecorder(
      t.database.db,
      (outcomes) => recorded.push(...outcomes),
      (_error, reports) => failures.push(reports),
      1000,
      1,
    );
    const report = (mid: string, result: Record<string, unknown>) => ({
      numero: demo.numero,
      mid,
      type: 'result' as const,
      messageId: commandMessageId(idOf(mid)),
      result,
    });
    recorder.add(report('GUARD-1', { ok: true, msg: 'first' }));
    // A result that reached the recorder without the socket's check: PostgreSQL refuses it.
    recorder.add(report('GUARD-2', { ok: false, exceptionMessage: 'disk\u0000full' }));
    recorder.add(report('GUARD-3', { ok: true, msg: 'pong' }));
    await recorder.idle();

    const rows = await history
      .selectFrom('device_commands')
      .select(['MID', 'STATE', 'RESULT'])
      .where(
        'ID',
        'in',
        inserted.map((row) => row.id),
      )
      .orderBy('MID')
      .execute();
    expect(rows.map((row) => [row.MID, row.STATE, row.RESULT])).toEqual([
      ['GUARD-1', 'executed', { ok: true, msg: 'first' }],
      ['GUARD-2', expect.not.stringMatching(/executed|failed/), null],
      ['GUARD-3', 'executed', { ok: true, msg: 'pong' }],
    ]);
    expect(recorded.map((outcome) => outcome.mid).sort()).toEqual(['GUARD-1', 'GUARD-3']);
    expect(failures).toEqual([1]);
  });
});

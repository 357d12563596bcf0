import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandMessageId } from '../../protocol/commands';
import { SocketClose } from '../../protocol/device-protocol';
import { ReportRecorder } from '../../server/commands/recorder';
import { HANDOVER_HOLD_MS } from '../../server/commands/handovers';
import type { Db } from '../../server/db/database';
import { projectSchemaName } from '../../server/db/projects';
import { commandsDb } from '../../server/commands/table';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { Fleet } from '../../simulator/fleet';
import { CommandAgent, until } from '../support/command-agent';
import { createOtherCompany, insertDevices } from '../support/devices';

let t: TestApp;
let demo: DemoEnrolmentFile;
let server: string;
let admin: string;
const agents: CommandAgent[] = [];

beforeAll(async () => {
  // A short timeout so the 'timeout' outcome is seen within the test.
  t = await buildTestApp({ DEVICE_COMMAND_TIMEOUT_SECONDS: '2' });
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  admin = await t.tokenFor('admin');
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await t.close();
});

const history = () => commandsDb(t.database.db, projectSchemaName(demo.project));

async function enrol(mid: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: 'Ana Ruiz' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result.credential;
}

async function isOnline(mid: string): Promise<boolean> {
  const row = await t.database.db
    .selectFrom('core.device_directory')
    .select('online')
    .where('mid', '=', mid)
    .executeTakeFirst();
  return row?.online === true;
}

/** An enrolled device with its socket open and its presence written. */
async function onlineAgent(mid: string, answer?: CommandAgent['answer']): Promise<CommandAgent> {
  const agent = new CommandAgent(mid, await enrol(mid), answer);
  agents.push(agent);
  await agent.connect(server);
  await until(() => isOnline(mid));
  return agent;
}

const send = (parameter: Record<string, unknown>, token = admin) =>
  t.call('sendCommand', { database: demo.project, ...parameter }, token);

async function rowsOf(mid: string) {
  return history().selectFrom('device_commands').selectAll().where('MID', '=', mid).execute();
}

describe('sendCommand to a connected device', () => {
  it('counts the commands by state for /metrics', async () => {
    const agents = [await onlineAgent('cmd-metrics-1'), await onlineAgent('cmd-metrics-2')];
    const counted = async (state: string) => {
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
      const line = new RegExp(`^flota_commands_total\\{state="${state}"\\} (\\d+)$`, 'm');
      return Number(line.exec(metrics.body)?.[1] ?? 0);
    };
    const [sent, executed] = [await counted('sent'), await counted('executed')];
    // Both results are recorded together, and counted as two.
    await send({ cmd: 'ping', dest: ['cmd-metrics-1', 'cmd-metrics-2'], wait: true });
    expect([await counted('sent'), await counted('executed')]).toEqual([sent + 2, executed + 2]);
    expect(agents.map((agent) => agent.commands().length)).toEqual([1, 1]);
  });

  it('takes a result sent without an ack as both (an agent that answers at once)', async () => {
    const agent = await onlineAgent('cmd-online-noack');
    agent.acks = false;
    const answer = await send({ cmd: 'ping', dest: ['cmd-online-noack'], wait: true });
    expect(answer.body.result.results[0]).toMatchObject({ state: 'executed' });
    const [row] = await rowsOf('cmd-online-noack');
    expect(row.STATE).toBe('executed');
    expect(row.CONFIRMED).toBeInstanceOf(Date);
  });

  it('delivers the command, and the history shows sent, confirmed and the result', async () => {
    const agent = await onlineAgent('cmd-online-1', (command) =>
      command.cmd === 'gps'
        ? { ok: true, latitude: 40.4168, longitude: -3.7038, time: '2026-11-22T10:00:00.000Z' }
        : { ok: true, msg: 'pong' },
    );
    const answer = await send({ cmd: 'ping', dest: ['cmd-online-1'], wait: true });
    expect(answer.body.error.code).toBe('0');
    const [result] = answer.body.result.results;
    expect(result).toMatchObject({
      device: 'cmd-online-1',
      state: 'executed',
      fromdevice: true,
      sourceRequest: 'ping',
      msg: 'pong',
      channel: 'websocket',
    });
    expect(result.commandId).toMatch(/^flota-\d+$/);
    const command = agent.commands()[0];
    expect(command).toMatchObject({ type: 'command', id: result.commandId, cmd: 'ping' });

    const [row] = await rowsOf('cmd-online-1');
    expect(row).toMatchObject({
      CMD: 'ping',
      STATE: 'executed',
      SOURCE: 'console',
      LOGIN: 'admin',
    });
    expect(row.SENT).toBeInstanceOf(Date);
    expect(row.CONFIRMED).toBeInstanceOf(Date);
    expect(row.RESULT).toMatchObject({ ok: true, msg: 'pong' });
    expect(row.ERRORDATE).toBeNull();

    const listed = await t.call(
      'deviceCommands',
      { database: demo.project, mid: 'cmd-online-1' },
      admin,
    );
    expect(listed.body.result.total).toBe(1);
    expect(listed.body.result.data[0]).toMatchObject({ CMD: 'ping', STATE: 'executed' });
    expect(listed.body.result.data[0].SENT).toMatch(/^\d{4}-/);

    const gps = await send({ cmd: 'gps', dest: 'cmd-online-1', wait: true });
    expect(gps.body.result.results[0]).toMatchObject({
      state: 'executed',
      latitude: 40.4168,
      longitude: -3.7038,
    });
    // A GPS answer moves the device's last known position.
    const position = await history()
      .selectFrom('device_positions')
      .selectAll()
      .where('MID', '=', 'cmd-online-1')
      .executeTakeFirstOrThrow();
    expect(position).toMatchObject({ LATITUDE: 40.4168, LONGITUDE: -3.7038 });
    const log = await t.call(
      'deviceCommandLog',
      { database: demo.project, mid: 'cmd-online-1' },
      admin,
    );
    expect(log.body.result).toMatchObject({ LASTCMD: 'gps', LASTERROR: null });
  });

  it('answers sent at once without wait, and records the outcome when it arrives', async () => {
    await onlineAgent('cmd-nowait-1');
    const answer = await send({ cmd: 'lock', dest: ['cmd-nowait-1'] });
    expect(['sent', 'confirmed', 'executed']).toContain(answer.body.result.results[0].state);
    await until(async () => (await rowsOf('cmd-nowait-1'))[0].STATE === 'executed');
  });

  it('records a failed result with its error, as the command log shows', async () => {
    await onlineAgent('cmd-fail-1', () => ({ ok: false, exceptionMessage: 'Camera in use' }));
    const answer = await send({
      cmd: 'camera',
      dest: ['cmd-fail-1'],
      params: { enabled: false },
      wait: true,
    });
    expect(answer.body.result.results[0]).toMatchObject({
      state: 'failed',
      exceptionMessage: 'Camera in use',
    });
    const [row] = await rowsOf('cmd-fail-1');
    expect(row.ERRORDESC).toBe('Camera in use');
    expect(row.ERRORDATE).toBeInstanceOf(Date);
    const log = await t.call(
      'deviceCommandLog',
      { database: demo.project, mid: 'cmd-fail-1' },
      admin,
    );
    expect(log.body.result).toMatchObject({ LASTCMD: 'camera', LASTERROR: 'Camera in use' });
  });

  it('marks a command without result as timeout', async () => {
    const agent = await onlineAgent('cmd-silent-1', () => null);
    const started = Date.now();
    const answer = await send({ cmd: 'reboot', dest: ['cmd-silent-1'], wait: true });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(answer.body.result.results[0]).toMatchObject({
      state: 'timeout',
      fromdevice: false,
      msg: 'El dispositivo no respondió en 2 s.',
    });
    expect(agent.commands()).toHaveLength(1);
    const [row] = await rowsOf('cmd-silent-1');
    expect(row.CONFIRMED).toBeInstanceOf(Date); // it acknowledged, then said nothing
    expect(row.STATE).toBe('timeout');
  });

  it('ends the pushes a stopped node wrote but never sent, and the commands it left', async () => {
    // Rows as a node leaves them when it dies between writing and sending (timeout 2 s + 30).
    await enrol('lost-1');
    const rows = await history()
      .insertInto('device_commands')
      .values([
        { MID: 'lost-1', CMD: 'push', STATE: 'created', SOURCE: 'push', LOGIN: 'admin' },
        { MID: 'lost-1', CMD: 'lock', STATE: 'sent', SOURCE: 'console', LOGIN: 'admin' },
      ] as never)
      .returning('ID')
      .execute();
    const ids = rows.map((row) => row.ID);
    await history()
      .updateTable('device_commands')
      .set({ CREATED: new Date(Date.now() - 60_000) } as never)
      .where('ID', 'in', ids)
      .execute();
    await t.app.commands.sweep();
    const ended = await history()
      .selectFrom('device_commands')
      .select(['CMD', 'STATE', 'ERRORDESC'])
      .where('ID', 'in', ids)
      .orderBy('ID')
      .execute();
    expect(ended).toEqual([
      {
        CMD: 'push',
        STATE: 'failed',
        ERRORDESC: 'No se entregó: el nodo del servidor que lo enviaba se detuvo antes de hacerlo.',
      },
      { CMD: 'lock', STATE: 'timeout', ERRORDESC: 'El dispositivo no respondió en 2 s.' },
    ]);
  });

  it('records each result once, even when a device answers twice', async () => {
    await onlineAgent('cmd-twice-1', () => ({ ok: true, msg: 'first' }));
    const answer = await send({ cmd: 'ping', dest: ['cmd-twice-1'], wait: true });
    const { commandId } = answer.body.result.results[0];
    const agent = agents.find((one) => one.mid === 'cmd-twice-1')!;
    agent.socket!.send(JSON.stringify({ type: 'result', id: commandId, ok: false, msg: 'second' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.app.commands.idle();
    const [row] = await rowsOf('cmd-twice-1');
    expect(row).toMatchObject({ STATE: 'executed', RESULT: { ok: true, msg: 'first' } });
    // A stored result is not acknowledged with a frame of its own (docs/device-protocol.md,
    // "At least once"): the device keeps it RESULT_KEEP_SECONDS on the socket it was sent on.
    expect(agent.received.map((message) => message.type)).toEqual(['welcome', 'command']);
    expect(agent.socket!.readyState).toBe(agent.socket!.OPEN);
  });
});

describe('results at least once', () => {
  it('has a device send its kept results again when the node closes its socket as unstored', async () => {
    const stateFile = path.join(t.config.DATA_DIR, 'simulator', 'at-least-once.json');
    const fleet = new Fleet({
      server,
      project: demo.project,
      token: demo.token,
      devices: 1,
      stateFile,
      checkinSeconds: 600,
      episodes: false,
    });
    expect(await fleet.enrol()).toEqual({ enrolled: 1, failed: 0 });
    fleet.start();
    try {
      const { mid } = fleet.devices[0];
      await until(() => isOnline(mid));
      const heard: string[] = [];
      const stop = t.app.devices.onReport((report) => {
        const message = report.message as { type?: string; id?: string };
        if (report.mid === mid && message.type === 'result' && message.id) heard.push(message.id);
      });
      const answer = await send({ cmd: 'ping', dest: [mid], wait: true });
      const { commandId, state } = answer.body.result.results[0];
      expect(state).toBe('executed');
      const [before] = await rowsOf(mid);
      // What a node does when the database refused the device's results as unavailable.
      expect(t.app.devices.disconnect(mid, SocketClose.unstored, 'results not stored')).toBe(true);
      await until(async () => heard.length === 2, 15_000);
      stop();
      expect(heard).toEqual([commandId, commandId]);
      await t.app.commands.idle();
      // Recorded once: the result sent again changes nothing.
      const [after] = await rowsOf(mid);
      expect(after).toMatchObject({ STATE: 'executed', RESULT: before.RESULT });
      expect(after.CONFIRMED).toEqual(before.CONFIRMED);
    } finally {
      await fleet.stop();
    }
  });

  it('hands back every result a database that is away did not store', async () => {
    const away = new Kysely<never>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ host: '127.0.0.1', port: 1 }) }),
    }) as unknown as Db;
    const unstored: string[] = [];
    let failures = 0;
    const recorder = new ReportRecorder(
      away,
      () => {},
      (_error, reports) => (failures += reports),
      1000,
      3,
      (results) => unstored.push(...results.map((result) => result.mid)),
    );
    const report = (mid: string, type: 'ack' | 'result', id: number) => ({
      numero: 1,
      mid,
      type,
      messageId: commandMessageId(id),
      result: type === 'result' ? { ok: true } : undefined,
    });
    recorder.add(report('AWAY-1', 'result', 1));
    recorder.add(report('AWAY-2', 'ack', 2));
    recorder.add(report('AWAY-3', 'result', 3));
    await recorder.idle();
    await away.destroy();
    // Only results are sent again (an ack lost costs only the 'confirmed' state meanwhile).
    expect(unstored.sort()).toEqual(['AWAY-1', 'AWAY-3']);
    expect(failures).toBeGreaterThan(0);
  });
});

describe('an offline device', () => {
  it("gets 'pending': queued, sent nothing while it is away", async () => {
    const agent = await onlineAgent('cmd-offline-1');
    await agent.close();
    await until(async () => !(await isOnline('cmd-offline-1')));
    const answer = await send({ cmd: 'lock', dest: ['cmd-offline-1'], wait: true });
    expect(answer.body.result.results[0]).toMatchObject({ state: 'pending', fromdevice: false });
    expect(agent.commands()).toHaveLength(0);
    const [row] = await rowsOf('cmd-offline-1');
    expect(row).toMatchObject({ STATE: 'pending', SENT: null });
  });

  it('never enrolled (created in the console) is queued too', async () => {
    await insertDevices(t.database.db, projectSchemaName(demo.project), 2, 'CONSOLE');
    const answer = await send({ cmd: 'ping', dest: ['CONSOLE-1', 'CONSOLE-2'] });
    expect(answer.body.result.results.map((r: { state: string }) => r.state)).toEqual([
      'pending',
      'pending',
    ]);
  });
});

describe('bad input changes nothing', () => {
  async function refused(parameter: Record<string, unknown>, description: string | RegExp) {
    const before = await history()
      .selectFrom('device_commands')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await send(parameter);
    expect(answer.body.error.code).toBe('-1');
    expect(answer.body.error.description).toMatch(description);
    const after = await history()
      .selectFrom('device_commands')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  }

  it('refuses a password of 3 digits, or with letters (001 §5)', async () => {
    await onlineAgent('cmd-bad-1');
    await refused(
      { cmd: 'password', dest: ['cmd-bad-1'], params: { password: '123' } },
      /La contraseña debe tener al menos 4 dígitos/,
    );
    await refused(
      { cmd: 'password', dest: ['cmd-bad-1'], params: { password: '12ab' } },
      /La contraseña solo puede ser numérica/,
    );
  });

  it('accepts an empty password (removes it) and 4 digits', async () => {
    for (const password of ['', '1234']) {
      const answer = await send({ cmd: 'password', dest: ['cmd-bad-1'], params: { password } });
      expect(answer.body.error.code).toBe('0');
    }
  });

  it('refuses an unknown command, missing parameters and too many devices', async () => {
    await refused(
      { cmd: 'selfdestruct', dest: ['cmd-bad-1'] },
      /Comando desconocido: selfdestruct/,
    );
    await refused({ cmd: 'toast', dest: ['cmd-bad-1'], params: {} }, /toast/);
    await refused({ cmd: 'install', dest: ['cmd-bad-1'], params: {} }, /packageName/);
    await refused({ cmd: 'wifi', dest: ['cmd-bad-1'], params: { enabled: 'yes' } }, /wifi/);
    await refused({ cmd: 'ping', dest: Array.from({ length: 5001 }, (_, i) => `X-${i}`) }, /dest/);
  });

  it('answers in English to an English user', async () => {
    await t.database.db
      .updateTable('core.users')
      .set({ language: 'en' })
      .where('login', '=', 'superadmin')
      .execute();
    const answer = await t.call(
      'sendCommand',
      { database: demo.project, cmd: 'password', dest: ['cmd-bad-1'], params: { password: 'ab' } },
      await t.tokenFor('superadmin'),
    );
    expect(answer.body.error.description).toMatch(/at least 4 digits/);
  });

  it('refuses a device of another project, and sends nothing to the others', async () => {
    const other = await createOtherCompany(t.database.db, 'cmdother');
    await insertDevices(t.database.db, other.schema, 1, 'OTHER');
    const agent = agents.find((one) => one.mid === 'cmd-bad-1')!;
    const before = agent.commands().length;
    await refused({ cmd: 'lock', dest: ['cmd-bad-1', 'OTHER-1'] }, /OTHER-1/);
    expect(agent.commands().length).toBe(before);
    // Nor can a user reach another company's project.
    const foreign = await t.call(
      'sendCommand',
      { database: other.numero, cmd: 'lock', dest: ['OTHER-1'] },
      admin,
    );
    expect(foreign.body.error.description).toMatch(/no existe o no pertenece a su empresa/);
  });

  it('refuses a command to 5,000 devices from a user without the permission', async () => {
    const usuario = await t.tokenFor('usuario');
    const answer = await send(
      { cmd: 'wipe', dest: Array.from({ length: 5000 }, (_, i) => `DEV-${i}`) },
      usuario,
    );
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('403');
    const rows = await history()
      .selectFrom('device_commands')
      .select('ID')
      .where('LOGIN', '=', 'usuario')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('send push', () => {
  it('delivers a push to the devices online and counts the others', async () => {
    const agent = await onlineAgent('push-1');
    const answer = await t.call(
      'send push',
      {
        database: demo.project,
        devices: ['push-1', 'CONSOLE-1'],
        type: 1,
        message: 'Sube tus logs',
        googlesenderid: 'ignored',
      },
      admin,
    );
    expect(answer.body.result).toEqual({ total: 2, sent: 1, offline: 1 });
    await until(() => agent.received.some((message) => message.type === 'push'));
    expect(agent.received.find((message) => message.type === 'push')).toMatchObject({
      type: 'push',
      pushType: 1,
      message: 'Sube tus logs',
    });
    // No answer comes to a push: its SENT is written once the node stops waiting for one.
    expect((await rowsOf('push-1'))[0]).toMatchObject({ STATE: 'created', SENT: null });
    await until(async () => (await rowsOf('push-1'))[0].STATE === 'sent', HANDOVER_HOLD_MS + 3000);
    const rows = await rowsOf('push-1');
    expect(rows[0]).toMatchObject({ CMD: 'push', SOURCE: 'push', STATE: 'sent' });
    expect(rows[0].SENT).toBeInstanceOf(Date);
  });

  it("sends to 'all' and refuses a bad type", async () => {
    const all = await t.call('send push', { database: demo.project, devices: 'all' }, admin);
    expect(all.body.result.total).toBeGreaterThan(5);
    expect(all.body.result.sent).toBeGreaterThan(0);
    const bad = await t.call(
      'send push',
      { database: demo.project, devices: 'all', type: 7 },
      admin,
    );
    expect(bad.body.error.code).toBe('-1');
    const unknown = await t.call(
      'send push',
      { database: demo.project, devices: ['NOPE-1'] },
      admin,
    );
    expect(unknown.body.error.description).toMatch(/NOPE-1/);
  });
});

describe('POST /api/kioskpremium/mdm', () => {
  const mdm = (oper: string, data: unknown, token: string | null = admin, operation = 'mdm') =>
    t.app
      .inject({
        method: 'POST',
        url: '/api/kioskpremium/mdm',
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { operation, parameter: { oper, data } },
      })
      .then((response) => ({ status: response.statusCode, body: response.json() }));

  it('runs dpc_emm_api and afw_emm_api with the command in data', async () => {
    const agent = await onlineAgent('mdm-1');
    const dpc = await mdm('dpc_emm_api', {
      database: demo.project,
      cmd: 'toast',
      dest: ['mdm-1'],
      message: 'Hola',
      wait: true,
    });
    expect(dpc.body.result.results[0]).toMatchObject({ device: 'mdm-1', state: 'executed' });
    expect(agent.commands()[0]).toMatchObject({ cmd: 'toast', params: { message: 'Hola' } });
    const afw = await mdm('afw_emm_api', {
      database: demo.project,
      cmd: 'install',
      dest: 'mdm-1',
      params: { packageName: 'es.flota.app' },
      wait: true,
    });
    expect(afw.body.result.results[0].state).toBe('executed');
    const [row] = await history()
      .selectFrom('device_commands')
      .selectAll()
      .where('MID', '=', 'mdm-1')
      .where('CMD', '=', 'install')
      .execute();
    expect(row).toMatchObject({ SOURCE: 'mdm', PARAMS: { packageName: 'es.flota.app' } });
  });

  it('answers the history, the inventory and a fresh GPS fix', async () => {
    const log = await mdm('cmdMdmLog', {
      database: demo.project,
      mid: 'mdm-1',
      datatable: { start: 0, length: 1 },
    });
    expect(log.body.result.total).toBe(2);
    expect(log.body.result.data).toHaveLength(1);
    expect(log.body.result.data[0].CMD).toBe('install'); // newest first
    const info = await mdm('setDataDevice', { database: demo.project, mid: 'mdm-1' });
    expect(info.body.result).toMatchObject({ MID: 'mdm-1', INFO: {} });
    const agent = agents.find((one) => one.mid === 'mdm-1')!;
    agent.answer = () => ({ ok: true, latitude: 41.3874, longitude: 2.1686 });
    const gps = await mdm('setDataDeviceGPS', { database: demo.project, mid: 'mdm-1', wait: true });
    expect(gps.body.result).toMatchObject({
      MID: 'mdm-1',
      LATITUDE: 41.3874,
      LONGITUDE: 2.1686,
      command: { state: 'executed', sourceRequest: 'gps' },
    });
  });

  it('refuses a bad envelope, an unknown oper, a missing token and a read-only user', async () => {
    const bad = await mdm('dpc_emm_api', {}, admin, 'other');
    expect(bad.body.error.code).toBe('-1');
    const unknown = await mdm('deviceDelete', { database: demo.project, ID: 1 });
    expect(unknown.body.error.description).toMatch(/Operación MDM desconocida: deviceDelete/);
    expect((await mdm('cmdMdmLog', {}, null)).status).toBe(401);
    const readOnly = await mdm(
      'dpc_emm_api',
      { database: demo.project, cmd: 'lock', dest: ['mdm-1'] },
      await t.tokenFor('usuario'),
    );
    expect(readOnly.status).toBe(403);
    const badParams = await mdm('dpc_emm_api', {
      database: demo.project,
      cmd: 'password',
      dest: ['mdm-1'],
      password: '12',
    });
    expect(badParams.body.error.description).toMatch(/al menos 4 dígitos/);
  });
});

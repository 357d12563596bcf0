import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { commandMessageId, commandRowId } from '../../protocol/commands';
import { buildApp } from '../../server/app';
import { connect, type Db } from '../../server/db/database';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { CommandAgent, until } from '../support/command-agent';
import { ok, userIdOf } from '../support/projects';

// Commands for offline devices wait in the queue (docs/device-protocol.md, "Queued commands"):
// sent through node A while the device is offline, delivered by node B when it connects there,
// in order, again until acknowledged, never once cancelled or expired. The two nodes have buses
// of their own (in-process): the queue travels through the database alone.

let t: TestApp;
let nodeB: FastifyInstance;
let dbB: Db;
let demo: DemoEnrolmentFile;
let admin: string;
let usuario: string;
let serverB: string;
const agents: CommandAgent[] = [];

beforeAll(async () => {
  t = await buildTestApp({ DEVICE_COMMAND_TIMEOUT_SECONDS: '30' });
  dbB = connect(t.database.url, 5);
  nodeB = await buildApp({ config: t.config, db: dbB, sandbox: t.database.sandbox });
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  [admin, usuario] = await Promise.all([t.tokenFor('admin'), t.tokenFor('usuario')]);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  serverB = await nodeB.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await nodeB?.close();
  await dbB?.destroy();
  await t?.close();
});

const credentials = new Map<string, string>();

async function enrol(mid: string): Promise<void> {
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'Pixel 8', owner: 'Ana' },
  });
  credentials.set(mid, enrolled.json().result.credential);
}

/** The device connects to node B (answering each command with `answer`). */
async function connectToB(mid: string, answer?: CommandAgent['answer']): Promise<CommandAgent> {
  const agent = new CommandAgent(mid, credentials.get(mid)!, answer);
  agents.push(agent);
  await agent.connect(serverB);
  return agent;
}

const send = (mid: string, cmd: string, params: Record<string, unknown> = {}, expiry?: number) =>
  t.call(
    'sendCommand',
    { database: demo.project, cmd, dest: [mid], params, ...(expiry ? { expiry } : {}) },
    admin,
  );

async function states(mid: string): Promise<Record<number, string>> {
  const page = await ok(t, 'deviceCommands', { database: demo.project, mid }, admin);
  return Object.fromEntries(
    (page.data as { ID: number; STATE: string }[]).map((row) => [row.ID, row.STATE]),
  );
}

const queuedRows = async (mid: string) =>
  (
    await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM core.command_queue WHERE mid = ${mid}`.execute(t.database.db)
  ).rows[0].n;

const idOf = (answer: { body: { result: { results: { commandId: string }[] } } }) =>
  commandRowId(answer.body.result.results[0].commandId)!;

describe('commands for an offline device', () => {
  it('queue on node A, then node B delivers them in order when the device connects there', async () => {
    await enrol('queue-dev-1');
    const sent = [
      await send('queue-dev-1', 'lock', { message: 'Bloqueado' }),
      await send('queue-dev-1', 'toast', { message: 'hola' }),
      await send('queue-dev-1', 'wifi', { enabled: false }),
    ];
    for (const answer of sent) {
      expect(answer.body.error.code).toBe('0');
      expect(answer.body.result.results[0]).toMatchObject({
        device: 'queue-dev-1',
        state: 'pending',
      });
    }
    const ids = sent.map(idOf);
    expect(Object.values(await states('queue-dev-1'))).toEqual(['pending', 'pending', 'pending']);
    const page = await ok(
      t,
      'deviceCommands',
      { database: demo.project, mid: 'queue-dev-1' },
      admin,
    );
    // Sent with the default expiry: 7 days.
    const expires = new Date(page.data[0].EXPIRES).getTime();
    expect(Math.abs(expires - Date.now() - 7 * 86_400_000)).toBeLessThan(120_000);

    const agent = await connectToB('queue-dev-1', (command) => ({ ok: true, msg: command.cmd }));
    await until(() => agent.commands().length === 3);
    expect(agent.commands().map((command) => command.id)).toEqual(ids.map(commandMessageId));
    expect(agent.commands().map((command) => command.cmd)).toEqual(['lock', 'toast', 'wifi']);
    await until(async () =>
      Object.values(await states('queue-dev-1')).every((state) => state === 'executed'),
    );
    await until(async () => (await queuedRows('queue-dev-1')) === 0);
    // What the device reported of its toggles: wifi off (the command it executed), the camera
    // unknown until it reports it.
    const controls = await ok(
      t,
      'deviceControls',
      { database: demo.project, mid: 'queue-dev-1' },
      admin,
    );
    expect(controls.toggles.wifi).toMatchObject({ enabled: false });
    expect(controls.toggles.camera).toBeUndefined();
    // Connected now: the next command goes at once, not through the queue.
    const online = await send('queue-dev-1', 'ping');
    expect(online.body.result.results[0].state).toBe('sent');
  });

  it('delivers a command again until the device acknowledges it, with the same id', async () => {
    await enrol('queue-dev-2');
    const id = idOf(await send('queue-dev-2', 'camera', { enabled: false }));
    const silent = await connectToB('queue-dev-2', () => null);
    silent.acks = false; // it loses the command: no ack, no result
    await until(() => silent.commands().length === 1);
    expect((await states('queue-dev-2'))[id]).toBe('sent');
    await silent.close();
    expect(await queuedRows('queue-dev-2')).toBe(1);

    const agent = await connectToB('queue-dev-2', () => ({ ok: true }));
    await until(() => agent.commands().length === 1);
    expect(agent.commands()[0].id).toBe(commandMessageId(id));
    await until(async () => (await states('queue-dev-2'))[id] === 'executed');
    await until(async () => (await queuedRows('queue-dev-2')) === 0);
    await agent.close();
    // Acknowledged: a later connection gets nothing more.
    const again = await connectToB('queue-dev-2');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(again.commands()).toHaveLength(0);
  });

  it('expires a command whose expiry passed, and never sends it', async () => {
    await enrol('queue-dev-3');
    const answer = await send('queue-dev-3', 'reboot', {}, 1);
    const id = idOf(answer);
    const page = await ok(
      t,
      'deviceCommands',
      { database: demo.project, mid: 'queue-dev-3' },
      admin,
    );
    expect(new Date(page.data[0].EXPIRES).getTime() - Date.now()).toBeLessThan(3_600_000 + 60_000);
    await sql`UPDATE core.command_queue SET expires_at = now() - interval '1 second'
              WHERE mid = 'queue-dev-3'`.execute(t.database.db);
    // Read at once: the history's reading expires what is due.
    expect((await states('queue-dev-3'))[id]).toBe('expired');
    const agent = await connectToB('queue-dev-3');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(agent.commands()).toHaveLength(0);
  });

  it('refuses an expiry out of range with the envelope', async () => {
    await enrol('queue-dev-4');
    for (const expiry of [0, 721, 1.5]) {
      const answer = await t.call(
        'sendCommand',
        { database: demo.project, cmd: 'ping', dest: ['queue-dev-4'], expiry },
        admin,
      );
      expect(answer.body.error.code).not.toBe('0');
    }
    expect(await states('queue-dev-4')).toEqual({});
  });
});

describe('cancelling a queued command', () => {
  it('cancels a pending command: never delivered; a second cancel is refused', async () => {
    await enrol('queue-dev-5');
    const kept = idOf(await send('queue-dev-5', 'toast', { message: 'sí' }));
    const cancelled = idOf(await send('queue-dev-5', 'wipe'));
    const result = await ok(
      t,
      'cancelCommand',
      { database: demo.project, ids: [cancelled] },
      admin,
    );
    expect(result).toEqual({ cancelled: [cancelled], notPending: [] });
    expect(await states('queue-dev-5')).toEqual({ [kept]: 'pending', [cancelled]: 'cancelled' });

    const again = await t.call(
      'cancelCommand',
      { database: demo.project, ids: [cancelled] },
      admin,
    );
    expect(again.body.error.code).not.toBe('0');
    expect(again.body.error.description).toContain('ya no está en cola');

    const agent = await connectToB('queue-dev-5');
    await until(() => agent.commands().length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(agent.commands().map((command) => command.cmd)).toEqual(['toast']);
    await until(async () => (await states('queue-dev-5'))[kept] === 'executed');
    // Delivered: no longer pending, so no longer cancellable.
    const late = await t.call('cancelCommand', { database: demo.project, ids: [kept] }, admin);
    expect(late.body.error.code).not.toBe('0');
    expect((await states('queue-dev-5'))[kept]).toBe('executed');
  });

  it('needs write on devices: a user who may only view devices is refused', async () => {
    await enrol('queue-dev-6');
    const id = idOf(await send('queue-dev-6', 'lock'));
    const viewOnly = markShow(uniformTree(false, false), 'devices', true, { recursive: false });
    await ok(
      t,
      'saveUserProjectAccess',
      { idusr: await userIdOf(t.database.db, 'usuario'), database: demo.project, access: viewOnly },
      admin,
    );
    const denied = await t.call('cancelCommand', { database: demo.project, ids: [id] }, usuario);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).not.toBe('0');
    const anonymous = await t.call('cancelCommand', { database: demo.project, ids: [id] });
    expect(anonymous.status).toBe(401);
    expect((await states('queue-dev-6'))[id]).toBe('pending');
    expect(await queuedRows('queue-dev-6')).toBe(1);
  });
});

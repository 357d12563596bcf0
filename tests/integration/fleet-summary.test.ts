import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../protocol/device-protocol';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';
import { CommandAgent, until } from '../support/command-agent';
import { createOtherCompany } from '../support/devices';
import { setLanguage } from '../support/language';

let t: TestApp;
let demo: DemoEnrolmentFile;
let admin: string;
let server: string;
const agents: CommandAgent[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  admin = await t.tokenFor('admin');
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await Promise.all(agents.map((agent) => agent.close()));
  await t.close();
});

async function enrol(mid: string, platform: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform, model: 'Modelo', owner: 'Ana Ruiz' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().result.credential;
}

async function checkin(mid: string, credential: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/checkin',
    headers: { authorization: deviceAuthorization(mid, credential) },
    payload: body,
  });
  expect(response.statusCode).toBe(200);
}

const summary = (token = admin, database = demo.project) =>
  t.call('fleetSummary', { database }, token);

async function addUser(login: string, role: string, companyId?: number) {
  const demoCompany = await t.database.db
    .selectFrom('core.companies')
    .select('id')
    .where('name', '=', 'Demo')
    .executeTakeFirstOrThrow();
  await t.database.db
    .insertInto('core.users')
    .values({
      company_id: companyId ?? demoCompany.id,
      login,
      email: `${login}@demo.flota.local`,
      password_hash: 'not-a-hash',
      role,
      rights: 'USUARIO',
      language: 'es',
    })
    .execute();
  return t.tokenFor(login);
}

/** A devicesWithPages call of the demo project narrowed as a home page link narrows it. */
async function listed(narrowing: Record<string, unknown>) {
  const { body } = await t.call(
    'devicesWithPages',
    { database: demo.project, datatable: { start: 0, length: 100 }, ...narrowing },
    admin,
  );
  expect(body.error.code).toBe('0');
  return {
    total: body.result.total as number,
    mids: (body.result.data as { MID: string }[]).map((row) => row.MID).sort(),
  };
}

describe('fleetSummary', () => {
  it('counts an empty project as zeros, with no rows', async () => {
    const { body } = await summary();
    expect(body.error.code).toBe('0');
    expect(body.result).toMatchObject({
      database: demo.project,
      total: 0,
      online: 0,
      lowBattery: 0,
      notSyncedToday: 0,
      platforms: [],
      recentErrors: [],
      recentCommands: [],
    });
  });

  it('gives the figures of devices enrolled and checked in through the device API', async () => {
    const credentials = {
      'fleet-1': await enrol('fleet-1', 'ANDROID'),
      'fleet-2': await enrol('fleet-2', 'ANDROID'),
      'fleet-3': await enrol('fleet-3', 'IPHONE'),
      'fleet-4': await enrol('fleet-4', 'WEB'),
    };
    await checkin('fleet-1', credentials['fleet-1'], { battery: { level: 12, charging: false } });
    // At the threshold is low; above is not.
    await checkin('fleet-2', credentials['fleet-2'], { battery: { level: 20, charging: true } });
    await checkin('fleet-3', credentials['fleet-3'], {
      battery: { level: 85, charging: false },
      errors: [
        {
          time: new Date().toISOString(),
          sql: 'INSERT INTO gen_pedidos (ID) VALUES (1)',
          description: 'UNIQUE constraint failed: gen_pedidos.ID',
        },
      ],
    });
    // fleet-4 never checks in: not synced today. fleet-1 opens its socket: online.
    const agent = new CommandAgent('fleet-1', credentials['fleet-1']);
    agents.push(agent);
    await agent.connect(server);
    await until(async () => (await summary()).body.result.online === 1);
    const sent = await t.call(
      'sendCommand',
      { database: demo.project, cmd: 'ping', dest: ['fleet-1'], wait: true },
      admin,
    );
    expect(sent.body.error.code).toBe('0');

    const { body } = await summary();
    expect(body.error.code).toBe('0');
    expect(body.result).toMatchObject({
      total: 4,
      online: 1,
      lowBattery: 2,
      notSyncedToday: 1,
      platforms: [
        { platform: 'ANDROID', devices: 2 },
        { platform: 'IPHONE', devices: 1 },
        { platform: 'WEB', devices: 1 },
      ],
      recentErrors: [
        expect.objectContaining({
          MID: 'fleet-3',
          DESCRIPTION: 'UNIQUE constraint failed: gen_pedidos.ID',
        }),
      ],
      recentCommands: [expect.objectContaining({ MID: 'fleet-1', CMD: 'ping' })],
    });
    expect(typeof body.result.name).toBe('string');
  });

  it('links land on lists of exactly the devices counted', async () => {
    expect(await listed({ fleet: 'online' })).toEqual({ total: 1, mids: ['fleet-1'] });
    expect(await listed({ fleet: 'lowBattery' })).toEqual({
      total: 2,
      mids: ['fleet-1', 'fleet-2'],
    });
    expect(await listed({ status: 1 })).toEqual({ total: 1, mids: ['fleet-4'] });
    expect(await listed({ platform: 'ANDROID', fleet: 'lowBattery' })).toMatchObject({ total: 2 });
    expect(await listed({ platform: 'IPHONE', fleet: 'lowBattery' })).toMatchObject({ total: 0 });
    const { body } = await t.call(
      'devicesWithPages',
      { database: demo.project, fleet: 'everything' },
      admin,
    );
    expect(body.error.code).not.toBe('0');
  });

  it('refuses a user the project is not shared with, in their language', async () => {
    const stranger = await addUser('fleet-stranger', 'USER');
    const { body } = await summary(stranger);
    expect(body.error.code).not.toBe('0');
    expect(body.error.description).toBe(
      `El proyecto ${demo.project} no existe o no pertenece a su empresa.`,
    );
    await setLanguage(t.database.db, 'fleet-stranger', 'en');
    expect((await summary(stranger)).body.error.description).toBe(
      `Project ${demo.project} does not exist or does not belong to your company.`,
    );
  });

  it('shows another company nothing of this fleet, nor this company of theirs', async () => {
    const other = await createOtherCompany(t.database.db, 'fleet-other');
    const otherAdmin = await t.tokenFor('fleet-other');
    const refused = await summary(otherAdmin);
    expect(refused.body.error.code).not.toBe('0');
    expect(refused.body.result ?? null).toBeNull();
    const theirs = await summary(otherAdmin, other.numero);
    expect(theirs.body.result).toMatchObject({ total: 0, online: 0, recentErrors: [] });
    expect((await summary(admin, other.numero)).body.error.code).not.toBe('0');
  });

  it('gives a free account no fleet', async () => {
    const free = await addUser('fleet-free', 'FREE');
    const { body } = await summary(free);
    expect(body.error.description).toBe(
      'Una cuenta gratuita no tiene proyectos: su flota no tiene nada que mostrar.',
    );
    await setLanguage(t.database.db, 'fleet-free', 'en');
    expect((await summary(free)).body.error.description).toBe(
      'A free account has no projects: there is no fleet to show.',
    );
  });

  it('asks for a signed-in caller', async () => {
    const { status, body } = await t.call('fleetSummary', { database: demo.project });
    expect(status === 401 || body.error.code !== '0').toBe(true);
  });
});

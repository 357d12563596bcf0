import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectDb } from '../../server/db/project-schema';
import { projectSchemaName } from '../../server/db/projects';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { buildTestApp, type TestApp } from '../support/app';

// Issue 17, defect 4: every figure of licences in use counts by one rule (a device holds a
// licence while its licence code is set; enrolling takes one while the project has one free).

let t: TestApp;
let demo: DemoEnrolmentFile;
let admin: string;
let environment: number;
const ENROLLED = 7;

const mid = (n: number) => `LIC-USE-${n}`;

async function enrol(device: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: {
      token: demo.token,
      mid: device,
      platform: 'ANDROID',
      model: 'Pixel 8',
      owner: 'Ana',
    },
  });
  expect(response.statusCode).toBe(200);
}

async function ok(operation: string, parameter: Record<string, unknown> = {}) {
  const { body } = await t.call(operation, parameter, admin);
  expect(body.error).toEqual({ code: '0', description: '' });
  return body.result;
}

/** What every operation that reports licences in use says about the demo project. */
async function reportedInUse() {
  const active = await ok('activeDevices', { database: demo.project });
  const environments = await ok('environments');
  const listed = environments.data.find((row: { id: number }) => row.id === environment);
  const serverLicence = await ok('getServerLicence', { environment });
  const connect = await ok('environmentProjects', { environment });
  const project = connect.data.find((row: { numero: number }) => row.numero === demo.project);
  const login = await ok('loginProjects');
  const server = login.listOfServers.find((row: { id: number }) => row.id === environment);
  const page = await ok('devicesWithPages', {
    database: demo.project,
    status: 'all',
    datatable: { start: 0, length: 100 },
  });
  return {
    activeDevices: active.Licensed,
    environments: listed.usedLicences,
    getServerLicence: serverLicence.used,
    environmentProjectsPool: connect.pool.used,
    environmentProjectsProject: project.licensesInUse,
    loginProjects: server.envLic,
    deviceListCodes: page.data.filter((row: { LIC: string | null }) => Boolean(row.LIC)).length,
  };
}

const everywhere = (n: number) => ({
  activeDevices: n,
  environments: n,
  getServerLicence: n,
  environmentProjectsPool: n,
  environmentProjectsProject: n,
  loginProjects: n,
  deviceListCodes: n,
});

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  admin = await t.tokenFor('admin');
  ({ environment_id: environment } = await t.database.db
    .selectFrom('core.projects')
    .select('environment_id')
    .where('numero', '=', demo.project)
    .executeTakeFirstOrThrow());
});
afterAll(() => t.close());

describe('licences in use', () => {
  it('after enrolling N devices, every operation that reports usage says N', async () => {
    expect(await reportedInUse()).toEqual(everywhere(0));
    for (let n = 1; n <= ENROLLED; n++) await enrol(mid(n));
    expect(await reportedInUse()).toEqual(everywhere(ENROLLED));
    const codes = await projectDb(t.database.db, projectSchemaName(demo.project))
      .selectFrom('devices')
      .select('LIC')
      .execute();
    for (const { LIC } of codes) expect(LIC).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){3}$/);
  });

  it('refuses fewer project licences than that figure, in its words', async () => {
    const { dbname, licences } = await t.database.db
      .selectFrom('core.projects')
      .select(['dbname', 'licences'])
      .where('numero', '=', demo.project)
      .executeTakeFirstOrThrow();
    const licadd = ENROLLED - 1 - licences;
    const parameter = { oper: 'update', database: demo.project, dbname, licadd };
    const { body } = await t.call('admlicenses', parameter, admin);
    expect(body.error.description).toBe(
      `El proyecto tiene ${ENROLLED} licencias en uso: no puede quedarse con menos.`,
    );
  });

  it('enrols a device without a licence once the project has none free, and says so everywhere', async () => {
    await t.database.db
      .updateTable('core.projects')
      .set({ licences: ENROLLED })
      .where('numero', '=', demo.project)
      .execute();
    await enrol(mid(ENROLLED + 1));
    expect(await reportedInUse()).toEqual(everywhere(ENROLLED));
    // Enrolling again keeps the licence a device holds.
    const first = await projectDb(t.database.db, projectSchemaName(demo.project))
      .selectFrom('devices')
      .select('LIC')
      .where('MID', '=', mid(1))
      .executeTakeFirstOrThrow();
    expect(first.LIC).toBeTruthy();
  });
});

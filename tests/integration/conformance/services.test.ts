import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/app';
import { demoProject, insertDevices, type TestProject } from '../../support/devices';
import { demoCompany } from '../../support/projects';

/**
 * Conformance (issue 38): every services operation the three documents name (000 §7, 001 §7,
 * 002 §7 "Services API operations" and "Admin API"), called with the shape they give. Each answer
 * is the envelope {error: {code, description}, result}, code '0', with the fields named; a paged
 * one says recordsTotal beside result (001 §7).
 */
let t: TestApp;
let admin: string;
let companyId: number;
let demo: TestProject;

interface Case {
  /** Where the specification names it. */
  spec: string;
  operation: string;
  parameter: () => unknown;
  /** Field names of the result (or of its first row when it is a page or a list). */
  fields?: string[];
  paged?: boolean;
}

const db = () => demo.numero;

const CASES: Case[] = [
  // 000 §7 and 001 §7: the device list, tables, statistics, updates.
  {
    spec: '000 §7',
    operation: 'devicesWithPages',
    parameter: () => ({
      database: db(),
      datatable: { start: 0, length: 100 },
      rowfilter: {},
      rowfilteroper: {},
      platform: '',
      status: '',
    }),
    fields: [
      'ID',
      'PIN',
      'MID',
      'OWNER',
      'USERNAME',
      'DEVICEGROUP',
      'MODEL',
      'SINCRONISMO',
      'STATUS',
      'PENDIENTE',
      'DEVICE_TYPE',
      'EMAIL',
    ],
    paged: true,
  },
  {
    spec: '000 §7',
    operation: 'tablesData',
    parameter: () => ({ database: db(), filter: 'SELECT 1 AS uno' }),
    fields: ['Columns', 'Datas', 'RecordsAffected'],
  },
  {
    spec: '000 §7',
    operation: 'tablesColumns',
    parameter: () => ({ database: db(), filter: 'devices' }),
  },
  {
    spec: '000 §7',
    operation: 'getStatisticSemaphore',
    parameter: () => ({ database: db() }),
  },
  { spec: '000 §7', operation: 'updatesList', parameter: () => ({ database: db() }) },
  {
    spec: '000 §7',
    operation: 'getVersionUpdate',
    parameter: () => ({ database: db(), filter: 'GENERAL' }),
  },
  // 001 §7 device calls and the services list of 002 §7.
  { spec: '002 §7', operation: 'getDBconfig', parameter: () => ({ database: db() }) },
  { spec: '002 §7', operation: 'activeDevices', parameter: () => ({ database: db() }) },
  { spec: '002 §7', operation: 'devices', parameter: () => ({ database: db() }) },
  { spec: '002 §7', operation: 'users', parameter: () => ({ database: db() }) },
  { spec: '002 §7', operation: 'applications', parameter: () => ({ database: db() }) },
  { spec: '002 §7', operation: 'activitydevices', parameter: () => ({ database: db() }) },
  { spec: '002 §7', operation: 'getStatisticPercent', parameter: () => ({ database: db() }) },
  {
    spec: '002 §7',
    operation: 'graph',
    parameter: () => ({ database: db(), filter: 'device_by_platform', type: 'pie' }),
  },
  {
    spec: '001 §7',
    operation: 'deviceForEdit',
    parameter: () => ({ database: db(), id: 1 }),
    fields: ['ID', 'MID', 'OWNER', 'PIN', 'LIC', 'EMAIL'],
  },
  {
    spec: '001 §7',
    operation: 'deviceData',
    parameter: () => ({ database: db(), mid: 'DEV-1', data: 'logs' }),
    paged: true,
  },
  {
    spec: '001 §7',
    operation: 'reportsWithPages',
    parameter: () => ({ database: db(), filter: '', limit: -666 }),
    paged: true,
  },
  {
    spec: '001 §7',
    operation: 'reports',
    parameter: () => ({ database: db(), filter: '', limit: -666 }),
    paged: true,
  },
  { spec: '001 §7', operation: 'tables', parameter: () => ({ database: db() }) },
  { spec: '001 §7', operation: 'devicesByDatabase', parameter: () => ({}) },
  { spec: '002 §7', operation: 'checkProvisioning', parameter: () => ({ database: db() }) },
  {
    spec: '002 §7',
    operation: 'GetStandartStm',
    parameter: () => ({ database: db(), filter: 'gen_clientes' }),
  },
  {
    spec: '002 §7',
    operation: 'GetAdvanceStm',
    parameter: () => ({ database: db(), filter: 'gen_clientes' }),
  },
  {
    spec: '002 §7',
    operation: 'deviceDynamicSelected',
    parameter: () => ({ database: db(), mid: 'DEV-1' }),
  },
  // 002 §7 Admin API.
  { spec: '002 §7', operation: 'admservices', parameter: () => ({ oper: 'all' }), paged: true },
  {
    spec: '002 §7',
    operation: 'admplatforms',
    parameter: () => ({ oper: 'all', database: db() }),
  },
  {
    spec: '002 §7',
    operation: 'admgroups',
    parameter: () => ({ oper: 'all', database: db() }),
    paged: true,
  },
  {
    spec: '002 §7',
    operation: 'admlicenses',
    parameter: () => ({ oper: 'update', database: db(), dbname: 'demo', licadd: 0 }),
  },
  // 002 §7 Manager API, company and user calls, identity-server calls.
  {
    spec: '002 §7',
    operation: 'companyUsers',
    parameter: () => ({}),
    paged: true,
    fields: ['username', 'role', 'enabled', 'email', 'twofactor', 'idcia'],
  },
  {
    spec: '002 §7',
    operation: 'usersForShare',
    parameter: () => ({ includeAdmins: true, includeMyCiaUsers: true }),
    paged: true,
  },
  { spec: '002 §7', operation: 'sharedCompanies', parameter: () => ({}), paged: true },
  {
    spec: '002 §7',
    operation: 'companyData',
    parameter: () => ({}),
    fields: ['name', 'web', 'address', 'phone'],
  },
  { spec: '002 §7', operation: 'certificates', parameter: () => ({}), paged: true },
  { spec: '002 §7', operation: 'clients', parameter: () => ({}), paged: true },
  {
    spec: '002 §7',
    operation: 'environments',
    parameter: () => ({}),
    paged: true,
    fields: [
      'id',
      'title',
      'address',
      'authority',
      'port',
      'external',
      'maxLicences',
      'assignedLicences',
      'datemask',
      'graph',
    ],
  },
  {
    spec: '002 §7',
    operation: 'environmentsByCompany',
    parameter: () => ({ idCIA: companyId }),
    paged: true,
  },
  {
    spec: '002 §7',
    operation: 'environmentsWithProject',
    parameter: () => ({ includeoffline: true }),
    paged: true,
  },
  { spec: '000 §7', operation: 'loginProjects', parameter: () => ({}) },
  {
    spec: '000 §7',
    operation: 'recents',
    parameter: () => ({}),
    paged: true,
    fields: [
      'numero',
      'pid',
      'owner',
      'hasGroups',
      'platforms',
      'jsonAccess',
      'licensesbyBD',
      'name',
      'licences',
      'licensesInUse',
      'deleted',
      'datedeleted',
      'username',
      'groups',
    ],
  },
  { spec: '000 §7', operation: 'notifications', parameter: () => ({}), paged: true },
  { spec: '000 §7', operation: 'loadState', parameter: () => ({}) },
  {
    spec: '002 §7',
    operation: 'getAvailableUsers',
    parameter: () => ({ idCIA: companyId, role: 'USUARIO' }),
  },
  {
    spec: '002 §7',
    operation: 'numberOfProjects',
    parameter: () => ({}),
    fields: ['projects', 'customs'],
  },
  { spec: '002 §7', operation: 'emmEnabled', parameter: () => ({}), fields: ['enabled'] },
  { spec: '002 §7', operation: 'config', parameter: () => ({ type: 'identity', language: 'es' }) },
  { spec: '002 §7', operation: 'kioskServer', parameter: () => ({}) },
  { spec: '002 §7', operation: 'logRecorderUrl', parameter: () => ({}) },
  { spec: '002 §7', operation: 'directDownloadUrl', parameter: () => ({}) },
  { spec: '002 §7', operation: 'kioskProfiles', parameter: () => ({}), paged: true },
  { spec: '002 §7', operation: 'kioskDevices', parameter: () => ({ database: db() }), paged: true },
];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  companyId = await demoCompany(t.database.db);
  demo = await demoProject(t.database.db);
  await insertDevices(t.database.db, demo.schema, 3);
  await sql`UPDATE ${sql.id(demo.schema, 'devices')} SET "EMAIL" = 'dev1@example.com' WHERE "MID" = 'DEV-1'`.execute(
    t.database.db,
  );
  await sql`CREATE TABLE ${sql.id(demo.schema, 'gen_clientes')} (id int PRIMARY KEY, nombre text)`.execute(
    t.database.db,
  );
});

afterAll(() => t.close());

/** The first row of a page or list, else the result itself. */
function firstRecord(result: any): Record<string, unknown> | undefined {
  if (Array.isArray(result)) return result[0];
  if (result && Array.isArray(result.data)) return result.data[0];
  return result;
}

describe('services operations the specification names', () => {
  it.each(CASES.map((c) => [`${c.operation} (${c.spec})`, c] as const))('%s', async (_, c) => {
    const { status, body } = await t.call(c.operation, c.parameter(), admin);
    expect(status).toBe(200);
    expect(body.error, `${c.operation}: ${JSON.stringify(body.error)}`).toEqual({
      code: '0',
      description: '',
    });
    expect('result' in body).toBe(true);
    if (c.paged) {
      expect(body.recordsTotal).toBe(body.result.total);
      expect(body.result.recordsTotal).toBe(body.result.total);
    }
    if (c.fields) {
      const record = firstRecord(body.result);
      expect(record, `${c.operation} answered no record`).toBeTruthy();
      for (const field of c.fields)
        expect(record!, `${c.operation}.${field}`).toHaveProperty(field);
    }
  });

  it('the writes the documents name answer code 0 (send push, send e-mail, users, devices)', async () => {
    const write = async (operation: string, parameter: unknown) => {
      const { body } = await t.call(operation, parameter, admin);
      expect(body.error, `${operation}: ${JSON.stringify(body.error)}`).toEqual({
        code: '0',
        description: '',
      });
      return body.result;
    };
    await write('send push', { database: db(), devices: ['DEV-1'], type: 0 });
    await write('send e-mail', { msg: 'Hola', sbj: 'Prueba', lstEmails: ['ana@example.com'] });
    await write('admemail', {
      database: db(),
      subject: 'Asunto',
      message: 'Texto',
      devices: ['DEV-1'],
    });
    await write('setPendingDevices', { database: db(), lstMID: ['DEV-2'], status: 'disabled' });
    const created = await write('createUser', {
      username: 'conforme',
      email: 'conforme@example.com',
      pwd: 'clave-de-prueba',
      role: 'USUARIO',
      twofactor: false,
    });
    await write('lockUser', { idusr: created.id, tolock: true });
    await write('lockUser', { idusr: created.id, tolock: false });
    await write('deleteUser', { idsuser: created.id });
    await write('deviceDelete', { database: db(), dataArray: [3] });
  });

  it('an unknown operation and a bad parameter are the envelope, never a stack', async () => {
    const unknown = await t.call('noExiste', {}, admin);
    expect(unknown.body.error.code).toBe('-1');
    expect(unknown.body.error.description).toContain('noExiste');
    const bad = await t.call('deviceForEdit', { database: 'x' }, admin);
    expect(bad.body.error.code).toBe('-1');
    expect(JSON.stringify(bad.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('without a token the answer is 401 with code 401 (a silent sign-in follows)', async () => {
    const { status, body } = await t.call('devicesWithPages', { database: db() });
    expect(status).toBe(401);
    expect(body.error.code).toBe('401');
  });
});

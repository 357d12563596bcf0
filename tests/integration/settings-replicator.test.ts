import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, markWrite, uniformTree } from '../../protocol/access-tree';
import { deviceAuthorization } from '../../protocol/device-protocol';
import type { ReplicaRequest, ReplicaResponse, UpOperation } from '../../protocol/replication';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import type { BatchOutcome } from '../../server/replication/apply';
import { createDemoTables } from '../../server/replication/demo-tables';
import type { SandboxProject } from '../../server/db/sandbox';
import { buildTestApp, type TestApp } from '../support/app';
import { setLanguage } from '../support/language';
import { createUser, demoCompany, ok, refused } from '../support/projects';

let t: TestApp;
let demo: DemoEnrolmentFile;
let project: SandboxProject;
let admin: string;
let viewer: string;
let editor: string;

const set = (keyname: string, keyvalue: unknown, token = admin) =>
  t.call('setDBconfig', { database: project.numero, keyname, keyvalue }, token);
const setOk = (keyname: string, keyvalue: unknown) =>
  ok(t, 'setDBconfig', { database: project.numero, keyname, keyvalue }, admin);
const setRefused = (keyname: string, keyvalue: unknown) =>
  refused(t, 'setDBconfig', { database: project.numero, keyname, keyvalue }, admin);
const valueOf = async (keyname: string) =>
  (await ok(t, 'getDBconfig', { database: project.numero, keyname }, admin)).data[0].KEYVALUE;
const count = async (table: string, where = sql`TRUE`) =>
  (
    await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.id(project.schema, table)} WHERE ${where}`.execute(
      t.database.db,
    )
  ).rows[0].n;

async function enrolled(mid: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'TC52', owner: 'Ana Ruiz' },
  });
  expect(response.statusCode).toBe(200);
  return deviceAuthorization(mid, response.json().result.credential);
}

async function replica(authorization: string, body: ReplicaRequest): Promise<ReplicaResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/replica',
    headers: { authorization },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

let opid = 1;
/** An update of a demo customer's notes (a row every demo project has). */
const noteOf = (customer: string, notas: string) =>
  ({
    id: opid++,
    time: '2026-11-26T10:00:00.000Z',
    table: 'gen_clientes',
    op: 'update',
    key: { id: customer },
    values: { notas },
  }) as UpOperation;
/** An insert of a customer that exists: refused (duplicate key). */
const duplicate = () =>
  ({
    id: opid++,
    time: '2026-11-26T10:00:00.000Z',
    table: 'gen_clientes',
    op: 'insert',
    key: { id: 'C-0001' },
    values: { nombre: 'Otro', ciudad: 'Soria' },
  }) as UpOperation;

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  project = { numero: demo.project, schema: `prj_${demo.project}` };
  await createDemoTables(t.database.sandbox, project);
  admin = await t.tokenFor('admin');
  const { db } = t.database;
  const company = await demoCompany(db);
  const shareWith = async (login: string, tree: ReturnType<typeof uniformTree>) => {
    const userId = await createUser(db, company, login);
    await ok(t, 'shareProject', { database: project.numero, userId, access: tree }, admin);
    return t.tokenFor(login);
  };
  viewer = await shareWith(
    'repl-viewer',
    markShow(uniformTree(false, false), 'settings.replicator', true),
  );
  editor = await shareWith(
    'repl-editor',
    markWrite(uniformTree(false, false), 'settings.replicator', true),
  );
});
afterAll(() => t.close());

describe('getDBconfig', () => {
  it('answers the seeded settings with KEYNAME, KEYVALUE, IDCATEGORY, TIPO and Category', async () => {
    const page = await ok(t, 'getDBconfig', { database: project.numero }, admin);
    expect(page.total).toBe(9);
    expect(page.data[0]).toEqual({
      KEYNAME: 'APPLY_BATCH',
      KEYVALUE: '5000',
      IDCATEGORY: 1,
      TIPO: 5,
      Category: 'Aplicación de operaciones',
    });
    expect(page.data.map((row: { TIPO: number }) => row.TIPO).sort()).toEqual([
      1, 2, 3, 4, 5, 5, 5, 5, 6,
    ]);
    const devices = await ok(
      t,
      'getDBconfig',
      { database: project.numero, filter: { IDCATEGORY: 4 } },
      admin,
    );
    expect(devices.data.map((row: { KEYNAME: string }) => row.KEYNAME)).toEqual([
      'DATASERVICE_PUBLIC',
      'DATE_ORDER',
      'DB_ENGINE',
    ]);
    const searched = await ok(
      t,
      'getDBconfig',
      { database: project.numero, filter: { q: 'sqlite' }, datatable: { start: 0, length: 1 } },
      admin,
    );
    expect(searched).toMatchObject({ total: 1, data: [{ KEYNAME: 'DB_ENGINE' }] });
  });
});

describe('setDBconfig', () => {
  it('changes a value, answers the setting and logs it', async () => {
    expect(await setOk('IQUEUE_RETENTION_DAYS', '45')).toMatchObject({
      KEYNAME: 'IQUEUE_RETENTION_DAYS',
      KEYVALUE: '45',
      TIPO: 5,
    });
    expect(await valueOf('IQUEUE_RETENTION_DAYS')).toBe('45');
    const logged = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'replicator_setting_changed')
      .executeTakeFirstOrThrow();
    expect(logged.detail).toEqual({
      database: project.numero,
      keyname: 'IQUEUE_RETENTION_DAYS',
      from: '30',
      to: '45',
    });
  });

  it('checks each value type of 000 §5 with its message, and keeps the old value', async () => {
    const cases: [string, unknown, string][] = [
      [
        'DATE_ORDER',
        'mdy',
        'El valor de «Orden de las fechas» debe ser un orden de fecha: ymd, dmy o ydm.',
      ],
      [
        'DB_ENGINE',
        'access',
        'El valor de «Motor de la base de datos local» debe ser uno de estos motores: sqlite, sqlcipher, postgresql, sqlserver, mysql, oracle.',
      ],
      [
        'CORRECTIONS',
        'sí',
        'El valor de «Corregir al dispositivo una operación rechazada» debe ser true o false.',
      ],
      [
        'FETCH_MAX',
        '10001',
        'El valor de «Operaciones entregadas por llamada» debe ser un número entero entre 1 y 10000.',
      ],
      [
        'FETCH_MAX',
        '0',
        'El valor de «Operaciones entregadas por llamada» debe ser un número entero entre 1 y 10000.',
      ],
      [
        'FETCH_MAX',
        '2.5',
        'El valor de «Operaciones entregadas por llamada» debe ser un número entero entre 1 y 10000.',
      ],
      [
        'IQUEUE_RETENTION_DAYS',
        '-1',
        'El valor de «Días que se guardan las aplicadas» debe ser un número entero entre 0 y 10000.',
      ],
      [
        'LOG_LEVEL',
        '8',
        'El valor de «Nivel de registro del replicador» debe ser un dígito de 0 a 7.',
      ],
    ];
    for (const [key, value, text] of cases) {
      const before = await valueOf(key);
      expect(await setRefused(key, value), `${key}=${value}`).toBe(text);
      expect(await valueOf(key)).toBe(before);
    }
    for (const [key, value] of [
      ['DATE_ORDER', 'dmy'],
      ['DB_ENGINE', 'sqlcipher'],
      ['CORRECTIONS', true],
      ['LOG_LEVEL', 7],
      ['FETCH_MAX', '10000'],
    ] as const) {
      expect((await setOk(key, value)).KEYVALUE).toBe(String(value));
    }
    await setOk('FETCH_MAX', '500');
    await setOk('LOG_LEVEL', '3');
  });

  it('checks a free text (type 3) by its length, and answers in English for an English reader', async () => {
    await t.database.db
      .withSchema(project.schema)
      .insertInto('config' as never)
      .values({ KEYNAME: 'SERVER_NOTE', KEYVALUE: '', IDCATEGORY: 0, TIPO: 3 } as never)
      .execute();
    expect((await setOk('SERVER_NOTE', 'Replicar solo de noche')).KEYVALUE).toBe(
      'Replicar solo de noche',
    );
    expect(await setRefused('SERVER_NOTE', 'x'.repeat(2001))).toBe(
      'El valor de «SERVER_NOTE» admite como mucho 2000 caracteres.',
    );
    await setLanguage(t.database.db, 'admin', 'en');
    try {
      expect(await setRefused('LOG_LEVEL', 'nine')).toBe(
        'The value of “Replicator log level” must be a digit from 0 to 7.',
      );
      expect(await setRefused('NO_SUCH_KEY', '1')).toBe(
        `Setting NO_SUCH_KEY does not exist in project ${project.numero}.`,
      );
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
    expect(await setRefused('NO_SUCH_KEY', '1')).toBe(
      `El ajuste NO_SUCH_KEY no existe en el proyecto ${project.numero}.`,
    );
  });

  it('lets settings.replicator show read and only write change', async () => {
    expect(
      (await ok(t, 'getDBconfig', { database: project.numero }, viewer)).total,
    ).toBeGreaterThan(0);
    expect((await set('LOG_LEVEL', '5', viewer)).status).toBe(403);
    expect(await valueOf('LOG_LEVEL')).toBe('3');
    expect((await set('LOG_LEVEL', '5', editor)).body.error.code).toBe('0');
    expect(await valueOf('LOG_LEVEL')).toBe('5');
    const devicesOnly = await createUser(
      t.database.db,
      await demoCompany(t.database.db),
      'repl-none',
    );
    const tree = markShow(uniformTree(false, false), 'devices', true);
    await ok(
      t,
      'shareProject',
      { database: project.numero, userId: devicesOnly, access: tree },
      admin,
    );
    const none = await t.tokenFor('repl-none');
    expect((await t.call('getDBconfig', { database: project.numero }, none)).status).toBe(403);
  });
});

describe('the engine reads them', () => {
  it('hands a device at most FETCH_MAX operations per call, and its app settings', async () => {
    const auth = await enrolled('settings-fetch');
    await replica(auth, {
      operations: [1, 2, 3, 4, 5].map((n) => noteOf('C-0002', `nota ${n}`)),
      limit: 0,
    });
    await t.app.replication.drain(project);
    await setOk('FETCH_MAX', '2');
    await setOk('DATE_ORDER', 'ydm');
    const first = await replica(auth, { limit: 1000 });
    expect(first.operations).toHaveLength(2);
    expect(first.more).toBe(true);
    expect(first.settings).toEqual({ dateOrder: 'ydm', dbEngine: 'sqlcipher' });
    await setOk('FETCH_MAX', '500');
    const rest = await replica(auth, { ack: first.operations[1].id });
    expect(rest.operations.length).toBeGreaterThanOrEqual(3);
    expect(rest.more).toBe(false);
  });

  it('applies APPLY_BATCH operations per transaction', async () => {
    await enrolled('settings-batch');
    await setOk('APPLY_BATCH', '2');
    // Queued as a sync queues them, but without waking the applier: one batch is applied here.
    const queue = sql.id(project.schema, 'queue');
    for (const n of [1, 2, 3]) {
      await sql`
        INSERT INTO ${queue} ("MID", "OPID", "TIMESTAMP", "TABLENAME", "OPERATION", "PK", "DATA", "CGSSQL")
        VALUES ('settings-batch', ${n}, now(), 'gen_clientes', 'update', '{"id": "C-0003"}',
                ${JSON.stringify({ notas: `lote ${n}` })}::jsonb, 'UPDATE gen_clientes …')
      `.execute(t.database.db);
    }
    const engine = t.app.replication as unknown as {
      applyOnce(p: SandboxProject): Promise<BatchOutcome>;
    };
    expect(await engine.applyOnce(project)).toMatchObject({ applied: 2, more: true });
    expect(await count('queue')).toBe(1);
    await setOk('APPLY_BATCH', '5000');
    await t.app.replication.drain(project);
    expect(await count('queue')).toBe(0);
  });

  it('sends no correction when CORRECTIONS is false, and keeps ERRORS_KEPT errors per device', async () => {
    const auth = await enrolled('settings-errors');
    const mid = sql`"MID" = 'settings-errors'`;
    await setOk('CORRECTIONS', 'false');
    await setOk('ERRORS_KEPT', '2');
    await replica(auth, { operations: [duplicate(), duplicate(), duplicate()], limit: 0 });
    await t.app.replication.drain(project);
    expect(await count('device_errors', mid)).toBe(2);
    // Nothing for the device: no correction of its refused inserts.
    expect(await count('squeue', mid)).toBe(0);
    await setOk('CORRECTIONS', 'true');
    await replica(auth, { operations: [duplicate()], limit: 0 });
    await t.app.replication.drain(project);
    expect(await count('squeue', mid)).toBe(1);
    await setOk('ERRORS_KEPT', '500');
  });

  it('trims applied operations older than IQUEUE_RETENTION_DAYS that no device waits for', async () => {
    const iqueue = sql.id(project.schema, 'iqueue');
    await sql`UPDATE ${iqueue} SET "APPLIED" = now() - interval '50 days'`.execute(t.database.db);
    const waitedFor = await count(
      'iqueue',
      sql`"ID" IN (SELECT "IQID" FROM ${sql.id(project.schema, 'squeue')})`,
    );
    expect(waitedFor).toBeGreaterThan(0);
    await setOk('IQUEUE_RETENTION_DAYS', '0');
    expect(await t.app.replication.trim(project, true)).toBe(0);
    await setOk('IQUEUE_RETENTION_DAYS', '60');
    expect(await t.app.replication.trim(project, true)).toBe(0);
    await setOk('IQUEUE_RETENTION_DAYS', '45');
    const removed = await t.app.replication.trim(project, true);
    expect(removed).toBeGreaterThan(0);
    expect(await count('iqueue')).toBe(waitedFor);
  });
});

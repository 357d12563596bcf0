import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markShow, uniformTree } from '../../protocol/access-tree';
import { deviceAuthorization } from '../../protocol/device-protocol';
import type { ReplicaRequest } from '../../protocol/replication';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { createDemoTables } from '../../server/replication/demo-tables';
import { selectedRowsCondition, selectionApplied } from '../../server/selection/device-rows';
import { buildTestApp, type TestApp } from '../support/app';
import { insertDevices, type TestProject } from '../support/devices';
import { setLanguage } from '../support/language';
import { createUser, demoCompany, ok, refused } from '../support/projects';

let t: TestApp;
let demo: DemoEnrolmentFile;
let project: TestProject;
let admin: string;
let viewer: string;
let outsider: string;
let sender: string;

const BY_DEVICE = 'SELECT id, cliente, dispositivo\nFROM gen_pedidos\nWHERE dispositivo = ##MID##';

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  project = { numero: demo.project, schema: `prj_${demo.project}` };
  await createDemoTables(t.database.sandbox, project);
  admin = await t.tokenFor('admin');
  const company = await demoCompany(t.database.db);
  const userId = await createUser(t.database.db, company, 'sel-viewer');
  const tree = markShow(uniformTree(false, false), 'queries', true);
  await ok(t, 'shareProject', { database: project.numero, userId, access: tree }, admin);
  viewer = await t.tokenFor('sel-viewer');
  await createUser(t.database.db, company, 'sel-outsider');
  outsider = await t.tokenFor('sel-outsider');
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid: 'sel-a', platform: 'ANDROID', model: 'TC52', owner: 'Ana' },
  });
  sender = deviceAuthorization('sel-a', enrolled.json().result.credential);
  await insertDevices(t.database.db, project.schema, 2, 'SELX');
});
afterAll(() => t.close());

const db = () => ({ database: project.numero });

/** Which devices' SQUEUE got the applied operation on `table` with key id `id`. */
async function recipients(table: string, id: string): Promise<string[]> {
  const { rows } = await sql<{ MID: string }>`
    SELECT s."MID" FROM ${sql.id(project.schema, 'squeue')} s
    JOIN ${sql.id(project.schema, 'iqueue')} i ON i."ID" = s."IQID"
    WHERE i."TABLENAME" = ${table} AND i."PK"->>'id' = ${id} ORDER BY s."MID"`.execute(
    t.database.db,
  );
  return rows.map((row) => row.MID);
}

let opid = 100;
async function send(table: string, id: string, values: Record<string, unknown>) {
  const body: ReplicaRequest = {
    operations: [
      { id: ++opid, time: '2026-11-27T10:00:00.000Z', table, op: 'insert', key: { id }, values },
    ],
  } as ReplicaRequest;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/replica',
    headers: { authorization: sender },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  await t.app.replication.drain(project);
}

describe('statements and the statement check (001 §5)', () => {
  it('generates the standard and the advanced statement of a gen_ table', async () => {
    const standard = await ok(t, 'GetStandartStm', { ...db(), filter: 'gen_pedidos' }, viewer);
    expect(standard.STATEMENT).toBe(
      'SELECT "id", "cliente", "fecha", "importe", "estado", "dispositivo"\nFROM "gen_pedidos"',
    );
    const advanced = await ok(t, 'GetAdvanceStm', { ...db(), filter: 'gen_pedidos' }, viewer);
    expect(advanced.STATEMENT).toMatch(/WHERE "dispositivo" = ##MID##$/);
    expect(await refused(t, 'GetStandartStm', { ...db(), filter: 'devices' }, admin)).toMatch(
      /«devices» no se replica/,
    );
  });

  it('answers every message of the check, in both languages', async () => {
    const run = (STATEMENT: string, MID?: string, token = admin) =>
      t.call('callDB', { ...db(), data: { TABLENAME: 'gen_pedidos', STATEMENT, MID } }, token);
    const description = async (STATEMENT: string, MID?: string) =>
      (await run(STATEMENT, MID)).body.error.description;
    expect(await description('  ')).toBe('Debe introducir una consulta');
    for (const bad of [
      'SELECT * FROM gen_pedidos',
      'DELETE FROM gen_pedidos',
      'SELECT id FROM gen_pedidos; DROP TABLE gen_pedidos',
      'SELECT id FROM gen_pedidos; SELECT 1',
      "SELECT id FROM gen_pedidos WHERE id IN (SELECT id FROM gen_pedidos) OR 1=1 AND 'x' = 'x'; update x set y=1",
    ]) {
      expect(await description(bad), bad).toBe('Consulta no permitida');
    }
    // Words inside a literal are data, not a statement.
    const literal = await run("SELECT id FROM gen_pedidos WHERE estado <> 'delete'");
    expect(literal.body.error.code).toBe('0');
    expect(await description(BY_DEVICE)).toMatch(/indique el MID/);
    expect(await description(BY_DEVICE, 'nadie')).toBe(
      'El MID «nadie» no es un dispositivo del proyecto.',
    );
    expect(await description('SELECT id, nada FROM gen_pedidos')).toMatch(
      /^Error en consulta: .*nada/,
    );
    expect(await description('SELECT cliente FROM gen_pedidos')).toBe(
      'La consulta debe seleccionar la clave de la tabla (id).',
    );
    const good = await run(BY_DEVICE, 'SELX-1', viewer);
    expect(good.body.result).toMatchObject({ message: 'Consulta correcta', CHECKMID: true });
    expect(good.body.result.result.Columns.map((c: { colunName: string }) => c.colunName)).toEqual([
      'id',
      'cliente',
      'dispositivo',
    ]);
    await setLanguage(t.database.db, 'admin', 'en');
    const en = await t.tokenFor('admin');
    try {
      expect((await run('', undefined, en)).body.error.description).toBe('Enter a query');
      expect((await run('SELECT * FROM x', undefined, en)).body.error.description).toBe(
        'Query not allowed',
      );
      const fine = await run('SELECT id FROM gen_pedidos', undefined, en);
      expect(fine.body.result.message).toBe('Query correct');
      expect(
        await refused(t, 'saveDynamicSelected', { ...db(), mid: 'SELX-1', TABLES: [] }, en),
      ).toBe('No table has been selected');
    } finally {
      await setLanguage(t.database.db, 'admin', 'es');
    }
  });

  it('refuses changes without write on queries, and every call to a stranger', async () => {
    for (const [operation, parameter] of [
      ['UpdateAST', { ...db(), data: { TABLENAME: 'gen_pedidos', SELECTED: false } }],
      ['saveDynamicSelected', { ...db(), mid: 'SELX-1', TABLES: [{ TABLENAME: 'gen_pedidos' }] }],
    ] as const) {
      const { status, body } = await t.call(operation, parameter, viewer);
      expect([status, body.error.code], operation).toEqual([403, '403']);
    }
    for (const operation of ['selectionRules', 'checkProvisioning']) {
      expect(await refused(t, operation, db(), outsider)).toMatch(/proyecto/);
    }
  });
});

describe('rules narrow who receives a 9999 change (docs/replication.md "Selection rules")', () => {
  it('sends a table without a rule to every provisioned device', async () => {
    await send('gen_clientes', 'C-SEL-1', { nombre: 'Bar', ciudad: 'Madrid' });
    expect(await recipients('gen_clientes', 'C-SEL-1')).toEqual(['SELX-1', 'SELX-2', 'sel-a']);
    const rules = await ok(t, 'selectionRules', db(), viewer);
    expect(rules.data.find((r: { TABLENAME: string }) => r.TABLENAME === 'gen_clientes')).toEqual(
      expect.objectContaining({ SELECTED: true, ALWAYS: 1, SAVED: false }),
    );
  });

  it('by criteria: only the devices whose condition holds for the row, and the sender', async () => {
    const saved = await ok(
      t,
      'UpdateAST',
      {
        ...db(),
        data: { TABLENAME: 'gen_pedidos', ALWAYS: 0, STATEMENT: BY_DEVICE, MID: 'SELX-1' },
      },
      admin,
    );
    expect(saved).toMatchObject({ message: 'Fila actualizada con éxito', pending: 3 });
    const pedido = { cliente: 'C-0001', fecha: '2026-11-27', importe: 10 };
    await send('gen_pedidos', 'P-SEL-1', { ...pedido, dispositivo: 'SELX-1' });
    expect(await recipients('gen_pedidos', 'P-SEL-1')).toEqual(['SELX-1', 'sel-a']);
    await send('gen_pedidos', 'P-SEL-2', { ...pedido, dispositivo: null });
    expect(await recipients('gen_pedidos', 'P-SEL-2')).toEqual(['sel-a']);
    // A device's initial copy follows the same rule.
    const rows = await t.database.sandbox.run(project, async (session) => {
      const where = await selectedRowsCondition(
        session,
        project.schema,
        'gen_pedidos',
        'SELX-1',
        'provision',
      );
      return (await session.query(`SELECT id FROM gen_pedidos flota_row_ WHERE ${where}`)).rows;
    });
    expect(rows).toEqual([{ id: 'P-SEL-1' }]);
  });

  it('a table not selected goes to nobody but its sender; the template applies per device', async () => {
    await ok(
      t,
      'UpdateAST',
      { ...db(), data: { TABLENAME: 'gen_visitas', SELECTED: false } },
      admin,
    );
    const visita = { cliente: 'C-0001', fecha: '2026-11-27T10:00:00Z', resultado: 'ok' };
    await send('gen_visitas', 'V-SEL-1', visita);
    expect(await recipients('gen_visitas', 'V-SEL-1')).toEqual(['sel-a']);
    await ok(
      t,
      'UpdateAST',
      { ...db(), data: { TABLENAME: 'gen_visitas', SELECTED: true, ALWAYS: 1, ALLMID: false } },
      admin,
    );
    const template = {
      ...db(),
      mid: 'SELX-2',
      TABLES: [{ TABLENAME: 'gen_visitas', CONDITIONAL: false }],
    };
    expect(await ok(t, 'saveDynamicSelected', template, admin)).toMatchObject({
      message: 'Fila actualizada con éxito',
      PENDIENTE: 1,
    });
    await send('gen_visitas', 'V-SEL-2', visita);
    expect(await recipients('gen_visitas', 'V-SEL-2')).toEqual(['SELX-2', 'sel-a']);
    const mine = await ok(t, 'deviceDynamicSelected', { ...db(), mid: 'SELX-2' }, viewer);
    expect(mine.PENDIENTE).toBe(1);
    expect(
      mine.data.find((r: { TABLENAME: string }) => r.TABLENAME === 'gen_visitas'),
    ).toMatchObject({ ASSIGNED: true, CONDITIONAL: false, ALLMID: false });
    const none = await t.database.sandbox.run(project, (session) =>
      selectedRowsCondition(session, project.schema, 'gen_visitas', 'SELX-1', 'replica'),
    );
    expect(none).toBeNull();
  });

  it('counts the devices pending re-selection; a provision takes one out', async () => {
    const counters = await ok(t, 'activitydevices', db(), admin);
    expect(counters.DevicesPendingSelectividad).toBe(3);
    expect(counters.unavailable).not.toContain('DevicesPendingSelectividad');
    await t.database.sandbox.run(project, (session) =>
      selectionApplied(session, project.schema, 'SELX-1'),
    );
    expect((await ok(t, 'activitydevices', db(), admin)).DevicesPendingSelectividad).toBe(2);
  });

  it('keeps the provisioning criteria of a table (SELECTIVE 10)', async () => {
    const criteria = "SELECT id FROM gen_clientes WHERE ciudad = 'Madrid'";
    const tested = await ok(
      t,
      'callProvision',
      { ...db(), data: { TABLENAME: 'gen_clientes', STATEMENT: criteria } },
      viewer,
    );
    expect(tested.message).toBe('Consulta correcta');
    await ok(
      t,
      'UpdateAST',
      {
        ...db(),
        data: { TABLENAME: 'gen_clientes', SELECTIVE: 10, CRITERIAPROVISIONNING: criteria },
      },
      admin,
    );
    const listed = await ok(t, 'checkProvisioning', db(), viewer);
    expect(listed.data.find((r: { TABLENAME: string }) => r.TABLENAME === 'gen_clientes')).toEqual({
      TABLENAME: 'gen_clientes',
      SELECTED: true,
      SELECTIVE: 10,
      CRITERIAPROVISIONNING: criteria,
    });
    const where = await t.database.sandbox.run(project, (session) =>
      selectedRowsCondition(session, project.schema, 'gen_clientes', 'SELX-1', 'provision'),
    );
    const cities = await t.database.sandbox.run(
      project,
      async (session) =>
        (await session.query(`SELECT DISTINCT ciudad FROM gen_clientes WHERE ${where}`)).rows,
    );
    expect(cities).toEqual([{ ciudad: 'Madrid' }]);
  });

  it('a criteria that fails at fan-out sends its table to nobody and marks the devices pending', async () => {
    await sql`
      INSERT INTO ${sql.id(project.schema, 'selection')} ("TABLENAME", "ALWAYS", "STATEMENT")
      VALUES ('gen_productos', 0, 'SELECT id FROM gen_productos WHERE 1 / (stock - stock) = 1')
    `.execute(t.database.db);
    await sql`DELETE FROM ${sql.id(project.schema, 'selection_pending')}`.execute(t.database.db);
    await send('gen_productos', 'PR-SEL-1', { descripcion: 'Tornillo', precio: 1, stock: 5 });
    expect(await recipients('gen_productos', 'PR-SEL-1')).toEqual(['sel-a']);
    // The batch was applied all the same, and the next one too.
    await send('gen_clientes', 'C-SEL-2', { nombre: 'Bar 2', ciudad: 'Lugo' });
    expect(await recipients('gen_clientes', 'C-SEL-2')).toEqual(['SELX-1', 'SELX-2', 'sel-a']);
    expect((await ok(t, 'activitydevices', db(), admin)).DevicesPendingSelectividad).toBe(3);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceAuthorization } from '../../protocol/device-protocol';
import type { ReplicaRequest, ReplicaResponse, UpOperation } from '../../protocol/replication';
import { DEMO_CLIENTS } from '../../protocol/demo-replica';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { APPLY_LOCK, applyBatch } from '../../server/replication/apply';
import { createDemoTables } from '../../server/replication/demo-tables';
import { LocalReplica } from '../../simulator/replica-store';
import { buildTestApp, type TestApp } from '../support/app';
import { createOtherCompany, type TestProject } from '../support/devices';

let t: TestApp;
let demo: DemoEnrolmentFile;
let project: TestProject;

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  project = { numero: demo.project, schema: `prj_${demo.project}` };
  await createDemoTables(t.database.sandbox, project);
});
afterAll(() => t.close());

async function enrolled(mid: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/enrol',
    payload: { token: demo.token, mid, platform: 'ANDROID', model: 'TC52', owner: 'Ana Ruiz' },
  });
  expect(response.statusCode).toBe(200);
  return deviceAuthorization(mid, response.json().result.credential);
}

async function replica(authorization: string | null, body: ReplicaRequest, language = 'es') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/replica',
    headers: { 'accept-language': language, ...(authorization ? { authorization } : {}) },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() };
}

async function call(authorization: string, body: ReplicaRequest): Promise<ReplicaResponse> {
  const answer = await replica(authorization, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

const count = async (table: string, where = sql`TRUE`) =>
  (
    await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.id(project.schema, table)} WHERE ${where}`.execute(
      t.database.db,
    )
  ).rows[0].n;

/** The server's rows of a gen_ table, read as the project's role. */
const serverRows = (query: string) =>
  t.database.sandbox.run(project, async (s) => (await s.query(query)).rows);

/** An operation as a device sends it; the refusal cases send shapes the schema refuses. */
const op = (id: number, rest: Record<string, unknown>) =>
  ({ id, time: '2026-11-25T10:00:00.000Z', ...rest }) as unknown as UpOperation;

describe('refusals', () => {
  it('needs an enrolled device with its credential', async () => {
    expect((await replica(null, {})).status).toBe(401);
    const stranger = deviceAuthorization('never-enrolled-1', 'x'.repeat(43));
    const answer = await replica(stranger, {});
    expect(answer.status).toBe(401);
    expect(answer.body.error.description).toBe(
      'La credencial del dispositivo no es válida o ha sido revocada.',
    );
    const auth = await enrolled('replica-wrong-cred');
    const wrong = auth.replace(/:.*$/, `:${'y'.repeat(43)}`);
    expect((await replica(wrong, {})).status).toBe(401);
  });

  it('refuses tables that are not the project’s gen_ tables, naming them, and writes nothing', async () => {
    const auth = await enrolled('replica-refusals');
    const other = await createOtherCompany(t.database.db, 'replica-other');
    await t.database.sandbox.run(other, (s) =>
      s.query('CREATE TABLE gen_secreta (id int PRIMARY KEY, x text)'),
    );
    const cases: [Record<string, unknown>, RegExp, string?][] = [
      [
        { table: 'gen_secreta', op: 'insert', key: { id: 1 }, values: { x: 'a' } },
        /«gen_secreta» no es una tabla replicada del proyecto \(sus tablas gen_: gen_clientes, gen_lecturas, gen_pedidos, gen_productos, gen_visitas\)/,
      ],
      [
        { table: `${other.schema}.gen_secreta`, op: 'insert', key: { id: 1 } },
        /operations\.0\.table: must be a gen_ table name/,
      ],
      [{ table: 'devices', op: 'delete', key: { MID: 'x' } }, /must be a gen_ table name/],
      [
        { table: 'gen_clientes', op: 'update', key: { nombre: 'x' }, values: { notas: 'n' } },
        /la clave de «gen_clientes» son las columnas id, ni más ni menos/,
      ],
      [
        {
          table: 'gen_clientes',
          op: 'update',
          key: { id: 'C-0001', ciudad: 'x' },
          values: { notas: 'n' },
        },
        /son las columnas id/,
      ],
      [
        { table: 'gen_clientes', op: 'update', key: { id: 'C-0001' }, values: { descuento: 1 } },
        /no tiene la columna «descuento»/,
      ],
      [
        { table: 'gen_clientes', op: 'update', key: { id: 'C-0001' }, values: { id: 'C-9' } },
        /«id» es de la clave de «gen_clientes»/,
      ],
      [
        { table: 'gen_clientes', op: 'update', key: { id: 'C-0001' }, values: {} },
        /una modificación lleva al menos un valor/,
      ],
      [
        { table: 'gen_clientes', op: 'update', key: { id: 'C-0001' }, values: { descuento: 1 } },
        /table "gen_clientes" has no column "descuento"/,
        'en',
      ],
    ];
    for (const [operation, text, language] of cases) {
      const answer = await replica(auth, { operations: [op(1, operation)] }, language);
      expect(answer.status, JSON.stringify(operation)).toBe(400);
      expect(answer.body.error.code).toBe('-1');
      expect(answer.body.error.description).toMatch(text);
    }
    const unordered = await replica(auth, {
      operations: [
        op(5, {
          table: 'gen_clientes',
          op: 'update',
          key: { id: 'C-0001' },
          values: { notas: 'a' },
        }),
        op(4, {
          table: 'gen_clientes',
          op: 'update',
          key: { id: 'C-0001' },
          values: { notas: 'b' },
        }),
      ],
    });
    expect(unordered.body.error.description).toMatch(/Operación 4: los números/);
    expect(await count('queue')).toBe(0);
    expect(await count('replica_status', sql`"MID" = 'replica-refusals'`)).toBe(0);
  });

  it('refuses an acknowledgement of what was never delivered, and a device removed from its project with 410', async () => {
    const auth = await enrolled('replica-ack');
    const ahead = await replica(auth, { ack: 7 });
    expect(ahead.status).toBe(400);
    expect(ahead.body.error.description).toMatch(/acuse 7 es posterior/);
    await sql`DELETE FROM ${sql.id(project.schema, 'devices')} WHERE "MID" = 'replica-ack'`.execute(
      t.database.db,
    );
    const gone = await replica(auth, {});
    expect(gone.status).toBe(410);
    expect(gone.body.error.description).toMatch(/ya no está dado de alta/);
  });
});

describe('operations', () => {
  it('applies, fans out 9999 rows to every device (the sender’s own come back), and keeps the replica status', async () => {
    const a = await enrolled('replica-a');
    const b = await enrolled('replica-b');
    const first = await call(a, {
      operations: [
        op(10, {
          table: 'gen_clientes',
          op: 'update',
          key: { id: 'C-0002' },
          values: { telefono: '910000002', notas: "Llamar antes d'ir" },
        }),
        op(11, {
          table: 'gen_pedidos',
          op: 'insert',
          key: { id: 'P-A-1' },
          values: {
            cliente: 'C-0002',
            fecha: '2026-11-25',
            importe: 120.5,
            dispositivo: 'replica-a',
          },
          mid: 'replica-a',
        }),
      ],
    });
    expect(first).toMatchObject({ accepted: 2, duplicates: 0, lastId: 11 });
    await t.app.replication.drain(project);
    expect(
      await serverRows(`SELECT telefono, notas FROM gen_clientes WHERE id = 'C-0002'`),
    ).toEqual([{ telefono: '910000002', notas: "Llamar antes d'ir" }]);
    expect(await serverRows(`SELECT importe::text FROM gen_pedidos WHERE id = 'P-A-1'`)).toEqual([
      { importe: '120.50' },
    ]);

    // Sent again (the answer was lost): nothing is queued twice.
    const again = await call(a, {
      operations: [
        op(11, {
          table: 'gen_pedidos',
          op: 'insert',
          key: { id: 'P-A-1' },
          values: { cliente: 'C-0002' },
          mid: 'replica-a',
        }),
      ],
    });
    expect(again).toMatchObject({ accepted: 0, duplicates: 1, lastId: 11 });
    expect(await count('queue')).toBe(0);

    const toB = await call(b, {});
    expect(toB.operations).toHaveLength(1);
    expect(toB.operations[0]).toMatchObject({
      table: 'gen_clientes',
      op: 'update',
      key: { id: 'C-0002' },
      values: { telefono: '910000002', notas: "Llamar antes d'ir" },
      sql: `UPDATE gen_clientes SET telefono = '910000002', notas = 'Llamar antes d''ir' WHERE id = 'C-0002'`,
    });
    // The sender gets both back, in the server's order; the order for replica-a goes to it alone.
    const toA = await call(a, {});
    expect(toA.operations.map((o) => o.table)).toEqual(['gen_clientes', 'gen_pedidos']);
    const lastOp = toB.operations[0].id;
    await call(b, { ack: lastOp });
    const status = await sql<Record<string, unknown>>`
      SELECT "MID", "LASTID", "LASTDMID", "LASTCID" FROM ${sql.id(project.schema, 'replica_status')}
      WHERE "MID" IN ('replica-a', 'replica-b') ORDER BY "MID"`.execute(t.database.db);
    expect(status.rows).toEqual([
      { MID: 'replica-a', LASTID: 11, LASTDMID: toA.operations[1].id, LASTCID: 0 },
      { MID: 'replica-b', LASTID: 0, LASTDMID: lastOp, LASTCID: lastOp },
    ]);
    expect(await count('squeue', sql`"MID" = 'replica-b'`)).toBe(0);
    expect(await count('devices', sql`"MID" = 'replica-b' AND "SINCRONISMO" IS NOT NULL`)).toBe(1);
  });

  it('sends a row meant for another device to it and back to its sender, to no one else', async () => {
    const sender = await enrolled('replica-send');
    const target = await enrolled('replica-target');
    const other = await enrolled('replica-other');
    const visit = op(1, {
      table: 'gen_pedidos',
      op: 'insert',
      key: { id: 'P-SEND-1' },
      values: { cliente: 'C-0001', fecha: '2026-11-26', importe: 10, dispositivo: 'replica-send' },
      mid: 'replica-target',
    });
    expect(await call(sender, { operations: [visit] })).toMatchObject({ accepted: 1 });
    await t.app.replication.drain(project);
    const keys = async (authorization: string) =>
      (await call(authorization, {})).operations.map((o) => o.key);
    expect(await keys(target)).toEqual([{ id: 'P-SEND-1' }]);
    expect(await keys(sender)).toEqual([{ id: 'P-SEND-1' }]);
    expect(await keys(other)).toEqual([]);
  });

  it('records refused operations in the device error log and corrects the device', async () => {
    const c = await enrolled('replica-c');
    await call(c, {
      operations: [
        op(1, {
          table: 'gen_pedidos',
          op: 'insert',
          key: { id: 'P-DEMO-001' },
          values: { cliente: 'C-0001', fecha: '2026-11-25', importe: 10 },
        }),
        op(2, {
          table: 'gen_lecturas',
          op: 'insert',
          key: { id: 'L-C-1' },
          values: {
            cliente: 'C-0001',
            contador: 'AG-1',
            lectura: 'N/D',
            fecha: '2026-11-25T09:00:00Z',
          },
        }),
        op(3, {
          table: 'gen_visitas',
          op: 'update',
          key: { id: 'V-NO-EXISTE' },
          values: { notas: 'x' },
        }),
        op(4, {
          table: 'gen_lecturas',
          op: 'insert',
          key: { id: 'L-C-2' },
          values: {
            cliente: 'C-0001',
            contador: 'AG-1',
            lectura: 17.25,
            fecha: '2026-11-25T09:00:00Z',
          },
        }),
      ],
    });
    await t.app.replication.drain(project);
    const errors = await sql<{ CGSSQL: string; DESCRIPTION: string }>`
      SELECT "CGSSQL", "DESCRIPTION" FROM ${sql.id(project.schema, 'device_errors')}
      WHERE "MID" = 'replica-c' ORDER BY "ID"`.execute(t.database.db);
    expect(errors.rows).toEqual([
      {
        CGSSQL: `INSERT INTO gen_pedidos (id, cliente, fecha, importe) VALUES ('P-DEMO-001', 'C-0001', '2026-11-25', 10)`,
        DESCRIPTION: 'Clave duplicada: la fila id="P-DEMO-001" ya existe en gen_pedidos.',
      },
      {
        CGSSQL: expect.stringContaining(`'N/D'`),
        DESCRIPTION: expect.stringMatching(/^PostgreSQL \(SQLSTATE 22P02\): .*numeric.*"N\/D"/),
      },
      {
        CGSSQL: `UPDATE gen_visitas SET notas = 'x' WHERE id = 'V-NO-EXISTE'`,
        DESCRIPTION: expect.stringMatching(/^La fila id="V-NO-EXISTE" no existe en gen_visitas/),
      },
    ]);
    // The good one of the same group was applied all the same.
    expect(await serverRows(`SELECT lectura::text FROM gen_lecturas WHERE id = 'L-C-2'`)).toEqual([
      { lectura: '17.25' },
    ]);
    // The device gets the server's rows back: the order as it is, and deletes of the others.
    const back = await call(c, {});
    expect(back.operations.map((o) => [o.table, o.op, o.key.id])).toEqual(
      expect.arrayContaining([
        ['gen_pedidos', 'insert', 'P-DEMO-001'],
        ['gen_lecturas', 'delete', 'L-C-1'],
        ['gen_visitas', 'delete', 'V-NO-EXISTE'],
      ]),
    );
    // …and its one good operation back, in the server's order.
    expect(back.operations).toHaveLength(4);
  });
});

describe('convergence', () => {
  it('devices that changed the same rows offline all end with the server’s rows', async () => {
    const mids = ['conv-1', 'conv-2', 'conv-3', 'conv-4', 'conv-5'];
    const devices = await Promise.all(
      mids.map(async (mid) => {
        const auth = await enrolled(mid);
        const local = new LocalReplica({ gen_clientes: ['id'] });
        local.seed(
          'gen_clientes',
          await serverRows(`SELECT id, nombre, ciudad, telefono, notas FROM gen_clientes`),
        );
        return { mid, auth, local };
      }),
    );
    // Offline: each changes rows, several the same ones; one deletes a row others update.
    devices.forEach(({ mid, local }, i) => {
      for (let n = 0; n < 30; n++) {
        const client = DEMO_CLIENTS[(n * (i + 3)) % 12];
        local.change('gen_clientes', 'update', {
          id: client.id,
          telefono: `6${i}${n}`,
          notas: `${mid} ${n}`,
        });
      }
      local.change('gen_clientes', 'insert', {
        id: `C-N-${mid}`,
        nombre: `Nuevo ${mid}`,
        ciudad: 'Soria',
        telefono: null,
        notas: null,
      });
      local.change('gen_clientes', 'insert', {
        id: 'C-MISMO',
        nombre: `Duplicado de ${mid}`,
        ciudad: 'Soria',
        telefono: null,
        notas: null,
      });
    });
    devices[2].local.change('gen_clientes', 'delete', { id: DEMO_CLIENTS[0].id });
    devices[4].local.change('gen_clientes', 'delete', { id: DEMO_CLIENTS[3].id });
    // Back online, one after another, the applier working meanwhile.
    for (const { auth, local } of devices) await local.sync((request) => call(auth, request));
    await t.app.replication.drain(project);
    for (let round = 0; round < 2; round++) {
      for (const { auth, local } of devices) await local.sync((request) => call(auth, request));
    }
    const server = await serverRows(
      `SELECT id, nombre, ciudad, telefono, notas FROM gen_clientes ORDER BY id COLLATE "C"`,
    );
    expect(server.find((row) => row.id === DEMO_CLIENTS[0].id)).toBeUndefined();
    expect(server.find((row) => row.id === 'C-MISMO')?.nombre).toBe('Duplicado de conv-1');
    const columns = ({ id, nombre, ciudad, telefono, notas }: Record<string, unknown>) => ({
      id,
      nombre,
      ciudad,
      telefono,
      notas,
    });
    for (const { mid, local } of devices) {
      expect(local.rows('gen_clientes').map(columns), mid).toEqual(server);
    }
    // Four devices lost the race for C-MISMO: each has it in its error log.
    expect(await count('device_errors', sql`"CGSSQL" LIKE '%C-MISMO%'`)).toBe(4);

    // Again, syncing in small pages while the applier works, changing rows between pages.
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        devices.map(async ({ mid, auth, local }, i) => {
          for (let n = 0; n < 10; n++) {
            const id = DEMO_CLIENTS[(n + round * 3 + i) % 10].id;
            if (!local.change('gen_clientes', 'update', { id, notas: `${mid} r${round} ${n}` })) {
              local.change('gen_clientes', 'insert', {
                id,
                nombre: `Otra vez ${id}`,
                ciudad: 'Teruel',
                telefono: null,
                notas: null,
              });
            }
          }
          if (round === 1 && i === 0)
            local.change('gen_clientes', 'delete', { id: DEMO_CLIENTS[4].id });
          await local.sync((request) => call(auth, request), 7);
        }),
      );
    }
    await t.app.replication.drain(project);
    for (const { auth, local } of devices) await local.sync((request) => call(auth, request));
    const after = await serverRows(
      `SELECT id, nombre, ciudad, telefono, notas FROM gen_clientes ORDER BY id COLLATE "C"`,
    );
    for (const { mid, local } of devices) {
      expect(local.rows('gen_clientes').map(columns), mid).toEqual(after);
    }
    expect(await count('queue')).toBe(0);
  });
});

describe('the console’s replica tab', () => {
  it('shows a device’s replica status and its pending operations, paged, and refuses without a device', async () => {
    const admin = await t.tokenFor('admin');
    const d = await enrolled('replica-tab');
    const e = await enrolled('replica-tab-2');
    await call(d, {
      operations: [1, 2, 3].map((n) =>
        op(n, {
          table: 'gen_productos',
          op: 'update',
          key: { id: `ART-10${n}` },
          values: { stock: n },
        }),
      ),
    });
    await t.app.replication.drain(project);
    const status = await t.call(
      'deviceReplicaStatus',
      { database: project.numero, mid: 'replica-tab-2' },
      admin,
    );
    expect(status.body.result).toMatchObject({
      LASTID: 0,
      LASTDMID: 0,
      LASTCID: 0,
      PENDING: 3,
      SINCRONISMO: null,
    });
    const page = await t.call(
      'deviceReplicaOperations',
      {
        database: project.numero,
        datatable: { start: 1, length: 2 },
        filter: { mid: 'replica-tab-2' },
      },
      admin,
    );
    expect(page.body.result.total).toBe(3);
    expect(page.body.result.data.map((row: { CGSSQL: string }) => row.CGSSQL)).toEqual([
      "UPDATE gen_productos SET stock = 2 WHERE id = 'ART-102'",
      "UPDATE gen_productos SET stock = 3 WHERE id = 'ART-103'",
    ]);
    const tab = await t.call(
      'deviceData',
      { database: project.numero, mid: 'replica-tab-2', data: 'replica' },
      admin,
    );
    expect(tab.body.result.status.PENDING).toBe(3);
    expect(tab.body.result.operations.total).toBe(3);
    await call(e, { ack: (await call(e, {})).operations.at(-1)!.id });
    const after = await t.call(
      'deviceReplicaStatus',
      { database: project.numero, mid: 'replica-tab-2' },
      admin,
    );
    expect(after.body.result).toMatchObject({ PENDING: 0, LASTDMID: after.body.result.LASTCID });
    expect(after.body.result.SINCRONISMO).not.toBeNull();

    const whole = await t.call(
      'deviceReplicaOperations',
      { database: project.numero, filter: {} },
      admin,
    );
    expect(whole.body.error.code).toBe('-1');
    expect(whole.body.error.description).toBe(
      'Indique el dispositivo de la lista: su MID, en mid o en filter.mid.',
    );
    const unknown = await t.call(
      'deviceReplicaStatus',
      { database: project.numero, mid: 'no-such-device' },
      admin,
    );
    expect(unknown.body.error.code).not.toBe('0');
    const other = await createOtherCompany(t.database.db, 'replica-tab-other');
    const foreign = await t.call(
      'deviceReplicaStatus',
      { database: other.numero, mid: 'replica-tab-2' },
      admin,
    );
    expect(foreign.body.error.code).not.toBe('0');
  });
});

describe('the applier', () => {
  it('answers busy without reading when another holds the lock, and groups rows queued without their columns', async () => {
    const auth = await enrolled('replica-lock-1');
    expect((await call(auth, {})).operations).toEqual([]);
    const queue = sql.id(project.schema, 'queue');
    await t.database.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${APPLY_LOCK}::int, ${project.numero}::int)`.execute(
        trx,
      );
      // Rows as an older node queued them: no COLUMNS, the applier lists them from DATA.
      await sql`INSERT INTO ${queue}
          ("MID", "OPID", "TIMESTAMP", "TABLENAME", "OPERATION", "PK", "DATA", "TARGET", "CGSSQL")
        SELECT 'replica-lock-1', n, now(), 'gen_visitas', 'insert', jsonb_build_object('id', 'LOCK-' || n),
               jsonb_build_object('resultado', 'Visto', 'cliente', 'C-0001', 'fecha', now()),
               'replica-lock-1', 'INSERT …'
        FROM generate_series(1, 3) n`.execute(t.database.db);
      const held = await t.database.sandbox.run(project, (s) => applyBatch(s, project, 10));
      expect(held).toMatchObject({ busy: true, applied: 0 });
      expect(await count('queue', sql`"MID" = 'replica-lock-1'`)).toBe(3);
    });
    await t.app.replication.drain(project);
    expect(await count('queue', sql`"MID" = 'replica-lock-1'`)).toBe(0);
    expect(
      await serverRows(`SELECT id FROM gen_visitas WHERE id LIKE 'LOCK-%' ORDER BY id`),
    ).toEqual([{ id: 'LOCK-1' }, { id: 'LOCK-2' }, { id: 'LOCK-3' }]);
    const back = await call(auth, {});
    expect(back.operations.map((o) => o.key)).toEqual([
      { id: 'LOCK-1' },
      { id: 'LOCK-2' },
      { id: 'LOCK-3' },
    ]);
  });
});

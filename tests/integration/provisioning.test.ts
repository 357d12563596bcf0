import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markWrite, uniformTree } from '../../protocol/access-tree';
import { deviceAuthorization } from '../../protocol/device-protocol';
import type { UpOperation } from '../../protocol/replication';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { createDemoTables } from '../../server/replication/demo-tables';
import { DeviceClient } from '../../simulator/client';
import { DeviceProvisions, readCopy } from '../../simulator/provision';
import { Random } from '../../simulator/random';
import { LocalReplica } from '../../simulator/replica-store';
import type { UpdateHost } from '../../simulator/updates';
import { buildTestApp, type TestApp } from '../support/app';
import { createUser, demoCompany, ok, userIdOf } from '../support/projects';

let t: TestApp;
let demo: DemoEnrolmentFile;
let project: { numero: number; schema: string };
let admin: string;
let server: string;
const auth: Record<string, string> = {};
const credential: Record<string, string> = {};

const MIDS = ['PRV-A-0001', 'PRV-B-0002', 'PRV-C-0003', 'PRV-D-0004', 'PRV-E-0005'];

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  project = { numero: demo.project, schema: `prj_${demo.project}` };
  await createDemoTables(t.database.sandbox, project);
  admin = await t.tokenFor('admin');
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const mid of MIDS) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/enrol',
      payload: {
        token: demo.token,
        mid,
        platform: 'ANDROID',
        model: 'TC52',
        owner: 'Ana Ruiz',
        email: `${mid.toLowerCase()}@example.com`,
      },
    });
    expect(response.statusCode).toBe(200);
    credential[mid] = response.json().result.credential;
    auth[mid] = deviceAuthorization(mid, credential[mid]);
  }
});
afterAll(() => t.close());

const provision = (key: string, devices: unknown[], token = admin, extra = {}) =>
  t.call('provisioningDevice', { database: project.numero, key, devices, ...extra }, token);

const statusOf = async (mid: string) =>
  (
    await sql<{ STATUS: number }>`
      SELECT "STATUS" FROM ${sql.id(project.schema, 'devices')} WHERE "MID" = ${mid}
    `.execute(t.database.db)
  ).rows[0].STATUS;

const device = (mid: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/device/v1${url}`,
    headers: { authorization: auth[mid] },
    payload: payload as object,
  });

const logOf = async (mid: string, task: number) =>
  (
    await ok(
      t,
      'deviceProvisionTask',
      { database: project.numero, mid, oper: 'log', task, datatable: { start: 0, length: 50 } },
      admin,
    )
  ).data.map((line: { LOGMESSAGE: string }) => line.LOGMESSAGE);

describe('provisioningDevice', () => {
  it('orders install and config tasks, answering each device’s status', async () => {
    const first = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provInstall', devices: [{ MID: MIDS[0] }, MIDS[1]] },
      admin,
    );
    expect(first.devices.map((d: { STATUS: number }) => d.STATUS)).toEqual([2, 2]);
    // A task of that kind waiting: no new one, STATUS 0.
    const again = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provInstall', devices: [MIDS[0]] },
      admin,
    );
    expect(again.devices[0]).toMatchObject({
      MID: MIDS[0],
      STATUS: 0,
      task: first.devices[0].task,
    });
    const config = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provConfigaration', devices: [MIDS[0]] },
      admin,
    );
    expect(config.devices[0].STATUS).toBe(2);
    // The device learns of both at its check-in and confirms them.
    const checkin = await device(MIDS[0], 'POST', '/checkin', {});
    const told = checkin.json().result.provisions;
    expect(told.map((p: { kind: string }) => p.kind)).toEqual(['install', 'config']);
    for (const task of told) {
      const confirmed = await device(MIDS[0], 'POST', '/provision/confirm', {
        id: task.id,
        ok: true,
      });
      expect(confirmed.json().result).toEqual({ recorded: true });
    }
    const repeated = await device(MIDS[0], 'POST', '/provision/confirm', {
      id: told[0].id,
      ok: true,
    });
    expect(repeated.json().result).toEqual({ recorded: false });
    expect((await device(MIDS[0], 'GET', '/provision')).json().result.provisions).toEqual([]);
    expect(await logOf(MIDS[0], told[0].id)).toEqual([
      'Tarea creada por admin.',
      'El dispositivo confirmó la tarea.',
    ]);
  });

  it('refuses unknown devices, an empty list and a bad key, writing nothing', async () => {
    const before = await t.database.db
      .selectFrom(sql.id(project.schema, 'provision_tasks') as never)
      .select(sql`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const unknown = await provision('provInstall', [MIDS[2], 'NOPE-9999']);
    expect(unknown.body.error).toEqual({
      code: '-1',
      description: `No existen en el proyecto Demo los dispositivos NOPE-9999.`,
    });
    expect((await provision('provInstall', [])).body.error.description).toBe(
      'No ha seleccionado ningún dispositivo.',
    );
    expect((await provision('provWhatever', [MIDS[2]])).body.error.code).toBe('-1');
    expect((await provision('provInstall', [MIDS[2]], admin, { all: true })).body.error.code).toBe(
      '-1',
    );
    const after = await t.database.db
      .selectFrom(sql.id(project.schema, 'provision_tasks') as never)
      .select(sql`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses the tasks of an unknown device and another device’s task log', async () => {
    const stranger = await t.call(
      'deviceProvisionTask',
      { database: project.numero, mid: 'NOPE-9999', oper: 'list' },
      admin,
    );
    expect(stranger.body.error.code).toBe('-1');
    const theirs = await ok(
      t,
      'deviceProvisionTask',
      { database: project.numero, mid: MIDS[0], oper: 'list' },
      admin,
    );
    const other = await t.call(
      'deviceProvisionTask',
      { database: project.numero, mid: MIDS[1], oper: 'log', task: theirs.data[0].ID },
      admin,
    );
    expect(other.body.error.description).toBe(
      `El dispositivo ${MIDS[1]} no tiene la tarea de provisión ${theirs.data[0].ID}.`,
    );
  });

  it('serves the Provision tab’s declared lists: the tasks and a task’s log, by their filter', async () => {
    const rest = async (resource: string, filter: object) => {
      const query = new URLSearchParams({ filter: JSON.stringify(filter), range: '[0,4]' });
      return t.app.inject({
        method: 'GET',
        url: `/api/rest/projects/${project.numero}/${resource}?${query}`,
        headers: { authorization: `Bearer ${admin}` },
      });
    };
    const tasks = await rest('provision-tasks', { mid: MIDS[0] });
    expect(tasks.statusCode).toBe(200);
    const rows = tasks.json() as { ID: number; id: number; KIND: string }[];
    expect(rows.length).toBeGreaterThan(0);
    // Newest first, the key as the row's id.
    expect(rows.map((row) => row.ID)).toEqual([...rows.map((row) => row.ID)].sort((a, b) => b - a));
    expect(rows[0].id).toBe(rows[0].ID);
    const log = await rest('provision-log', { mid: MIDS[0], task: rows[0].ID });
    expect(log.statusCode).toBe(200);
    const lines = log.json() as { ID: number; LOGMESSAGE: string }[];
    expect(lines[0].LOGMESSAGE).toMatch(/^Tarea creada por admin/);
    expect(lines.map((line) => line.ID)).toEqual(
      [...lines.map((line) => line.ID)].sort((a, b) => a - b),
    );
    // Each reader reads the lines in their language: the line's code and values are kept.
    await createUser(t.database.db, await demoCompany(t.database.db), 'prov-en', true);
    await t.database.db
      .updateTable('core.users')
      .set({ language: 'en' })
      .where('login', '=', 'prov-en')
      .execute();
    const english = await ok(
      t,
      'deviceProvisionTask',
      { database: project.numero, mid: MIDS[0], oper: 'log', task: rows[0].ID },
      await t.tokenFor('prov-en'),
    );
    expect(english.data[0].LOGMESSAGE).toBe('Task created by admin.');
    expect(english.data.slice(0, lines.length).map((line: { ID: number }) => line.ID)).toEqual(
      lines.map((line) => line.ID),
    );
    // The filter's device is the one checked: another device's task is refused, as without it.
    const theirs = await t.call(
      'deviceProvisionTask',
      { database: project.numero, oper: 'log', filter: { mid: MIDS[1], task: rows[0].ID } },
      admin,
    );
    expect(theirs.body.error.description).toBe(
      `El dispositivo ${MIDS[1]} no tiene la tarea de provisión ${rows[0].ID}.`,
    );
    const nobody = await t.call(
      'deviceProvisionTask',
      { database: project.numero, oper: 'log', filter: { task: rows[0].ID } },
      admin,
    );
    expect(nobody.body.error.code).not.toBe('0');
  });

  it('checks each key’s permission flag (001 §6)', async () => {
    const user = await userIdOf(t.database.db, 'usuario');
    const grant = async (node: string | null) => {
      let tree = uniformTree(true, false);
      if (node) tree = markWrite(tree, node, true);
      await t.database.db
        .updateTable('core.project_shares')
        .set({ access: JSON.stringify(tree) })
        .where('numero', '=', project.numero)
        .where('user_id', '=', user)
        .execute();
    };
    const token = await t.tokenFor('usuario');
    const allowed = async (key: string) =>
      (await provision(key, [MIDS[4]], token)).body.error.code === '0';
    await grant(null);
    for (const key of [
      'provInstall',
      'provConfigaration',
      'provDatabase',
      'provDatabaseSafe',
      'provSendMailInstall',
      'provDeleteDatabaseSafe',
    ]) {
      expect(await allowed(key), key).toBe(false);
    }
    const access = await ok(t, 'projectAccess', { database: project.numero }, token);
    expect(access.devices).toMatchObject({
      provisioningUpdate: false,
      provisioningConfig: false,
      provisioningDb: false,
    });
    await grant('devices.provisioning.install');
    expect(await allowed('provInstall')).toBe(true);
    expect(await allowed('provConfigaration')).toBe(false);
    await grant('devices.provisioning.config');
    expect(await allowed('provConfigaration')).toBe(true);
    expect(await allowed('provInstall')).toBe(false);
    await grant('devices.provisioning.database');
    expect(await allowed('provDeleteDatabaseSafe')).toBe(true);
    expect(await allowed('provInstall')).toBe(false);
    expect(
      (await ok(t, 'projectAccess', { database: project.numero }, token)).devices,
    ).toMatchObject({
      provisioningUpdate: false,
      provisioningConfig: false,
      provisioningDb: true,
    });
  });

  it('mails the install link to chosen devices and to all', async () => {
    const before = await t.database.db.selectFrom('core.outbox').select('id').execute();
    const one = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provSendMailInstall', devices: [MIDS[3]] },
      admin,
    );
    expect(one).toMatchObject({
      sent: 1,
      withoutEmail: [],
      devices: [{ MID: MIDS[3], STATUS: 2 }],
    });
    const mail = await t.database.db
      .selectFrom('core.outbox')
      .selectAll()
      .where('id', 'not in', before.map((row) => row.id).concat(-1))
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].to_address).toBe('prv-d-0004@example.com');
    expect(mail[0].body).toMatch(/flota:\/\/enrol\?server=.*&token=/);
    const all = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provSendMailInstall', devices: [], all: true },
      admin,
    );
    expect(all.sent).toBeGreaterThanOrEqual(MIDS.length);
  });
});

describe('a database provision through the device protocol', () => {
  const mid = MIDS[1];
  const other = MIDS[2];
  let ids = 1000;
  const upload = async (from: string, operations: Partial<UpOperation>[]) => {
    const response = await device(from, 'POST', '/replica', {
      operations: operations.map((o) => ({ id: ++ids, time: '2026-11-27T10:00:00.000Z', ...o })),
    });
    expect(response.statusCode, response.body).toBe(200);
    await t.app.replication.drain(project);
  };
  const squeue = async (of: string) =>
    (
      await sql<{ IQID: string }>`
        SELECT "IQID" FROM ${sql.id(project.schema, 'squeue')} WHERE "MID" = ${of} ORDER BY "ID"
      `.execute(t.database.db)
    ).rows.map((row) => Number(row.IQID));

  it('builds the copy of the rows the selection gives, cuts the SQUEUE and counts PendingProv', async () => {
    // An operation before the order reaches the device's SQUEUE (it is provisioned at enrolment).
    await upload(other, [
      {
        table: 'gen_clientes',
        op: 'update',
        key: { id: 'C-0001' },
        values: { telefono: '900000001' },
      },
    ]);
    const early = await squeue(mid);
    expect(early.length).toBeGreaterThan(0);

    const ordered = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provDatabase', devices: [mid] },
      admin,
    );
    expect(ordered.devices[0].STATUS).toBe(2);
    const task = ordered.devices[0].task as number;
    expect(await statusOf(mid)).toBe(0);
    const activity = await ok(t, 'activitydevices', { database: project.numero }, admin);
    expect(activity.PendingProv).toBeGreaterThanOrEqual(1);
    expect(activity.unavailable).not.toContain('PendingProv');

    const told = (await device(mid, 'POST', '/checkin', {})).json().result.provisions;
    expect(told).toContainEqual({ id: task, kind: 'database', secure: false });
    const download = await device(mid, 'POST', '/provision/download', { id: task });
    expect(download.statusCode).toBe(200);
    expect(await statusOf(mid)).toBe(1);
    const copy = readCopy(download.rawPayload);
    // The rows the condition gives ('TRUE' until the selection rules land): every row.
    const counts = await t.database.sandbox.run(project, async (s) =>
      Object.fromEntries(
        await Promise.all(
          copy.tables.map(async ({ table }) => [
            table,
            Number((await s.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n),
          ]),
        ),
      ),
    );
    expect(copy.tables.map((x) => x.table)).toEqual([
      'gen_clientes',
      'gen_lecturas',
      'gen_pedidos',
      'gen_productos',
      'gen_visitas',
    ]);
    for (const table of copy.tables)
      expect(table.rows.length, table.table).toBe(counts[table.table]);
    expect(copy.tables[0].rows.find((row) => row.id === 'C-0001')?.telefono).toBe('900000001');
    const cut = copy.header.cut;
    expect(cut).toBeGreaterThanOrEqual(Math.max(...early));
    expect(gunzipSync(download.rawPayload).toString().split('\n')[0]).toContain('"cut"');

    // While it loads, a change elsewhere is not fanned out to it; after the confirm it is queued.
    await upload(other, [
      {
        table: 'gen_clientes',
        op: 'update',
        key: { id: 'C-0002' },
        values: { telefono: '900000002' },
      },
    ]);
    expect((await squeue(mid)).filter((id) => id > cut)).toEqual([]);
    const confirmed = await device(mid, 'POST', '/provision/confirm', { id: task, ok: true });
    expect(confirmed.json().result).toEqual({ recorded: true });
    const after = await squeue(mid);
    expect(after.length).toBe(1);
    expect(after.every((id) => id > cut)).toBe(true);
    expect(await statusOf(mid)).toBe(2);

    const list = await ok(
      t,
      'deviceProvisionTask',
      { database: project.numero, mid, oper: 'list' },
      admin,
    );
    expect(list.data[0]).toMatchObject({ ID: task, STATUS: 2, USERDATA: 'admin' });
    expect(list.data[0].STARTED).not.toBeNull();
    expect(list.data[0].ENDED).not.toBeNull();
    const tab = await ok(
      t,
      'deviceData',
      { database: project.numero, mid, data: 'provision' },
      admin,
    );
    expect(tab.data[0].ID).toBe(task);
    const log = await logOf(mid, task);
    expect(log[0]).toBe('Tarea creada por admin.');
    expect(log[1]).toMatch(/^Base de datos generada: \d+ filas de 5 tablas/);
    expect(log[2]).toMatch(/^El dispositivo descargó la base de datos/);
    expect(log[3]).toMatch(/quitaron de su cola y 1 posteriores/);
  });

  it('queues after the cut only what the selection rules give the device', async () => {
    const rule = (data: object) =>
      ok(
        t,
        'UpdateAST',
        { database: project.numero, data: { TABLENAME: 'gen_clientes', ...data } },
        admin,
      );
    await rule({ ALWAYS: 0, STATEMENT: "SELECT id FROM gen_clientes WHERE ciudad = 'Madrid'" });
    try {
      const ordered = await ok(
        t,
        'provisioningDevice',
        { database: project.numero, key: 'provDatabase', devices: [mid] },
        admin,
      );
      const task = ordered.devices[0].task as number;
      const download = await device(mid, 'POST', '/provision/download', { id: task });
      const cut = readCopy(download.rawPayload).header.cut;
      // Between the build and the confirm: one client in Madrid, one elsewhere.
      await upload(other, [
        {
          table: 'gen_clientes',
          op: 'insert',
          key: { id: 'C-CUT-M' },
          values: { nombre: 'Bar Sol', ciudad: 'Madrid' },
        },
        {
          table: 'gen_clientes',
          op: 'insert',
          key: { id: 'C-CUT-S' },
          values: { nombre: 'Bar Luna', ciudad: 'Sevilla' },
        },
      ]);
      await device(mid, 'POST', '/provision/confirm', { id: task, ok: true });
      const later = await sql<{ id: string }>`
        SELECT i."PK"->>'id' AS id FROM ${sql.id(project.schema, 'squeue')} s
        JOIN ${sql.id(project.schema, 'iqueue')} i ON i."ID" = s."IQID"
        WHERE s."MID" = ${mid} AND s."IQID" > ${cut}
      `.execute(t.database.db);
      expect(later.rows).toEqual([{ id: 'C-CUT-M' }]);
    } finally {
      await rule({ ALWAYS: 1 });
    }
  });

  it('records a failure with its reason', async () => {
    const ordered = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provDatabase', devices: [MIDS[3]] },
      admin,
    );
    const task = ordered.devices[0].task;
    const failed = await device(MIDS[3], 'POST', '/provision/confirm', {
      id: task,
      ok: false,
      error: 'Sin espacio.',
    });
    expect(failed.json().result.recorded).toBe(true);
    const list = await ok(
      t,
      'deviceProvisionTask',
      { database: project.numero, mid: MIDS[3] },
      admin,
    );
    expect(list.data[0]).toMatchObject({ ID: task, STATUS: 3 });
    expect((await logOf(MIDS[3], task)).at(-1)).toBe(
      'La tarea falló en el dispositivo: Sin espacio.',
    );
  });

  it('refuses another device’s task and a download of a task that is not a database', async () => {
    const ordered = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provDatabase', devices: [MIDS[4]] },
      admin,
    );
    const task = ordered.devices[0].task;
    expect((await device(MIDS[0], 'POST', '/provision/download', { id: task })).statusCode).toBe(
      404,
    );
    const install = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provInstall', devices: [MIDS[4]] },
      admin,
    );
    const wrongKind = await device(MIDS[4], 'POST', '/provision/download', {
      id: install.devices[0].task,
    });
    expect(wrongKind.statusCode).toBe(400);
    expect((await device(MIDS[4], 'POST', '/provision/download', { id: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('a simulated device downloads, replaces its copy and confirms; a failing one says why', async () => {
    const client = new DeviceClient(server);
    const local = new LocalReplica({ gen_clientes: ['id'] });
    local.seed('gen_clientes', [{ id: 'OLD-1', nombre: 'Viejo' }]);
    const host = (m: string, replica: LocalReplica | null): UpdateHost => ({
      mid: m,
      profile: {} as UpdateHost['profile'],
      client,
      random: new Random(m),
      credential: () => credential[m],
      online: () => true,
      local: () => replica,
    });
    const open = (await device(MIDS[4], 'GET', '/provision')).json().result.provisions;
    expect(open.map((p: { kind: string }) => p.kind)).toContain('database');
    const good = new DeviceProvisions(host(MIDS[4], local), { failRate: 0 });
    await good.fetch();
    await until(() => good.done.length === open.length);
    expect(local.get('gen_clientes', { id: 'OLD-1' })).toBeUndefined();
    expect(local.rows('gen_clientes').length).toBeGreaterThan(10);
    expect(await statusOf(MIDS[4])).toBe(2);

    const ordered = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provDatabase', devices: [MIDS[3]] },
      admin,
    );
    const bad = new DeviceProvisions(host(MIDS[3], null), { failRate: 1 });
    await bad.fetch();
    await until(() => bad.failed.length === 1);
    const log = await logOf(MIDS[3], ordered.devices[0].task);
    expect(log.at(-1)).toMatch(/^La tarea falló en el dispositivo: .+/);
  });
});

describe('secure database', () => {
  it('answers the deletion statuses of 000 §4', async () => {
    const mid = MIDS[0];
    const del = async () =>
      (
        await ok(
          t,
          'provisioningDevice',
          { database: project.numero, key: 'provDeleteDatabaseSafe', devices: [mid] },
          admin,
        )
      ).devices[0];
    expect((await del()).STATUS).toBe(2);
    const safe = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provDatabaseSafe', devices: [mid] },
      admin,
    );
    // Not started: cancelled, answered 0.
    expect(await del()).toMatchObject({ STATUS: 0, task: safe.devices[0].task });
    const again = await ok(
      t,
      'provisioningDevice',
      { database: project.numero, key: 'provDatabaseSafe', devices: [mid] },
      admin,
    );
    const task = again.devices[0].task;
    const told = (await device(mid, 'GET', '/provision')).json().result.provisions;
    expect(told).toEqual([{ id: task, kind: 'databaseSafe', secure: true }]);
    const download = await device(mid, 'POST', '/provision/download', { id: task });
    expect(readCopy(download.rawPayload).header.secure).toBe(true);
    expect((await del()).STATUS).toBe(1);
    await device(mid, 'POST', '/provision/confirm', { id: task, ok: true });
    const deletion = await del();
    expect(deletion.STATUS).toBe(-1);
    expect((await del()).STATUS).toBe(-1);
    await device(mid, 'POST', '/provision/confirm', { id: deletion.task, ok: true });
    expect(await statusOf(mid)).toBe(-1);
    expect((await del()).STATUS).toBe(2);
  });
});

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deviceAuthorization, type ServerMessage } from '../../protocol/device-protocol';
import { UPDATE_TYPES, type UpdateFileType } from '../../protocol/updates';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { fileStore } from '../../server/files/index';
import { announceUpdates } from '../../server/updates/device-announce';
import { DEMO_CLIENTS } from '../../protocol/demo-replica';
import { createDemoTables } from '../../server/replication/demo-tables';
import { DeviceClient, ProtocolError } from '../../simulator/client';
import { Fleet } from '../../simulator/fleet';
import { buildTestApp, type TestApp } from '../support/app';

let t: TestApp;
let demo: DemoEnrolmentFile;
let schema: string;
let server: string;
let client: DeviceClient;
const credentials: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  demo = JSON.parse(fs.readFileSync(path.join(t.config.DATA_DIR, DEMO_ENROLMENT_FILE), 'utf8'));
  schema = `prj_${demo.project}`;
  server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  client = new DeviceClient(server);
  for (const mid of ['UPD-A-0001', 'UPD-B-0002', 'UPD-C-0003', 'UPD-D-0004']) {
    const enrolled = await client.enrol({
      token: demo.token,
      mid,
      platform: 'ANDROID',
      model: 'Galaxy A54',
      owner: 'Marta Ruiz Gil',
    });
    credentials[mid] = enrolled.credential;
  }
});
afterAll(() => t.close());

interface FileSpec {
  type: UpdateFileType;
  name: string;
  bytes?: Buffer;
  sql?: string;
}

let versions = 0;

/** A published update with rows for `mids`, as uploadPublish + uploadConfirm leave it. */
async function publish(mids: string[], files: FileSpec[]): Promise<number> {
  const folder = crypto.randomUUID();
  const version = ++versions + 100;
  const t2 = (table: string) => sql.id(schema, table);
  const { rows } = await sql<{ ID: number }>`
    INSERT INTO ${t2('updates')} ("TIPO", "VERSION", "VERSIONCOMPLETA", "TEMPDIRECTORY", "STATE",
      "TARGET", "PUBLISHED", "STATISTICTOTAL")
    VALUES (${UPDATE_TYPES.LICENCIA}, ${version}, ${`2026.11.26-${version}`}, ${folder}::uuid,
      'published', ${mids.join(', ')}, now(), ${mids.length})
    RETURNING "ID"
  `.execute(t.database.db);
  const id = rows[0].ID;
  const store = fileStore(t.config, t.database.db);
  for (const [numero, file] of files.entries()) {
    if (file.bytes) await store.put(`updates/${schema}/${folder}/${numero}`, file.bytes);
    await sql`
      INSERT INTO ${t2('update_files')} ("UPDATE_ID", "NUMERO", "TYPE", "NAME", "PATH", "SIZE",
        "SQLTEXT", "REGISTER", "EXECUTE", "UPLOADED")
      VALUES (${id}, ${numero}, ${file.type}, ${file.name}, '%APPPATH%',
        ${file.bytes?.length ?? 0}, ${file.sql ?? null}, false, false, ${!!file.bytes})
    `.execute(t.database.db);
  }
  await sql`
    INSERT INTO ${t2('device_updates')} ("UPDATE_ID", "MID")
    SELECT ${id}, mid FROM unnest(${mids}::text[]) AS mid
  `.execute(t.database.db);
  return version;
}

async function rowOf(version: number, mid: string) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT d."CONFIRMADA", d."DOWNLOADED", d."CONFIRMED", d."ERROR", u."STATISTICOK"
    FROM ${sql.id(schema, 'device_updates')} d
    JOIN ${sql.id(schema, 'updates')} u ON u."ID" = d."UPDATE_ID"
    WHERE u."VERSION" = ${version} AND d."MID" = ${mid}
  `.execute(t.database.db);
  return rows[0];
}

const checkin = (mid: string) => client.checkin(mid, credentials[mid], {});
const download = (mid: string, version: number, numero: number) =>
  client.downloadUpdate(mid, credentials[mid], { version, numero });

describe('a published update', () => {
  const config = Buffer.from('{"servidor": "https://flota.example.es", "intervalo": 60}\n');
  let version: number;

  beforeAll(async () => {
    version = await publish(
      ['UPD-A-0001', 'UPD-B-0002'],
      [
        { type: 'copy', name: 'config.json', bytes: config },
        {
          type: 'sqlDirect',
          name: 'precios.sql',
          sql: "UPDATE gen_productos SET stock = 5 WHERE id = 'ART-101'",
        },
        { type: 'delete', name: 'viejo.apk' },
      ],
    );
  });

  it('is announced at check-in to its devices only, with its files', async () => {
    const answer = await checkin('UPD-A-0001');
    expect(answer.updates).toEqual([
      {
        version,
        versionCompleta: `2026.11.26-${version}`,
        tipo: UPDATE_TYPES.LICENCIA,
        files: [
          expect.objectContaining({
            numero: 0,
            name: 'config.json',
            size: config.length,
            IsCopy: true,
          }),
          expect.objectContaining({
            numero: 1,
            IsSqlDirect: true,
            sql: expect.stringContaining('ART-101'),
          }),
          expect.objectContaining({ numero: 2, name: 'viejo.apk', IsDelete: true }),
        ],
      },
    ]);
    expect((await checkin('UPD-C-0003')).updates).toEqual([]);
    expect((await client.updates('UPD-A-0001', credentials['UPD-A-0001'])).updates).toEqual(
      answer.updates,
    );
  });

  it('is downloaded by numero with the credential of a device that has it', async () => {
    expect(await rowOf(version, 'UPD-A-0001')).toMatchObject({ DOWNLOADED: null });
    expect(await download('UPD-A-0001', version, 0)).toEqual(config);
    expect((await rowOf(version, 'UPD-A-0001')).DOWNLOADED).toBeInstanceOf(Date);

    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: ProtocolError) => ({ status: error.status, message: error.message }),
      );
    // Another device of the project without a row for it, a file without bytes, no credential.
    expect(await refused(download('UPD-C-0003', version, 0))).toEqual({
      status: 404,
      message: `404 El dispositivo no tiene la actualización ${version}, o esta no tiene la entrada 0.`,
    });
    expect(await refused(download('UPD-A-0001', version, 1))).toMatchObject({ status: 400 });
    expect(await refused(download('UPD-A-0001', version, 9))).toMatchObject({ status: 404 });
    const anonymous = await fetch(`${server}/api/device/v1/updates/download`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version, numero: 0 }),
    });
    expect(anonymous.status).toBe(401);
  });

  it('is confirmed once (the counts move), and a failure is kept and not announced again', async () => {
    const ok = await client.confirmUpdate('UPD-A-0001', credentials['UPD-A-0001'], {
      version,
      ok: true,
    });
    expect(ok).toEqual({ recorded: [version] });
    expect(await rowOf(version, 'UPD-A-0001')).toMatchObject({
      CONFIRMADA: true,
      ERROR: null,
      STATISTICOK: 1,
    });
    // Again: nothing changes.
    expect(
      await client.confirmUpdate('UPD-A-0001', credentials['UPD-A-0001'], { version, ok: true }),
    ).toEqual({ recorded: [] });
    expect((await rowOf(version, 'UPD-A-0001')).STATISTICOK).toBe(1);
    expect((await checkin('UPD-A-0001')).updates).toEqual([]);

    const error = 'No queda espacio en el almacenamiento interno: libres 3 MB.';
    await client.confirmUpdate('UPD-B-0002', credentials['UPD-B-0002'], {
      confirms: [{ version, ok: false, error }],
    });
    const failed = await rowOf(version, 'UPD-B-0002');
    expect(failed).toMatchObject({ CONFIRMADA: false, ERROR: error, STATISTICOK: 1 });
    expect(failed.CONFIRMED).toBeInstanceOf(Date);
    expect((await checkin('UPD-B-0002')).updates).toEqual([]);
  });
});

describe('over the WebSocket', () => {
  function connect(mid: string): Promise<{ socket: WebSocket; messages: ServerMessage[] }> {
    const socket = new WebSocket(`${server.replace(/^http/, 'ws')}/api/device/v1/socket`, {
      headers: { authorization: deviceAuthorization(mid, credentials[mid]) },
    });
    const messages: ServerMessage[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as ServerMessage));
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      const wait = setInterval(() => {
        if (messages.some((m) => m.type === 'welcome')) {
          clearInterval(wait);
          resolve({ socket, messages });
        }
      }, 10);
    });
  }

  async function until<T>(read: () => T | undefined, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('tells connected devices of a publish, and takes their confirmation', async () => {
    const d = await connect('UPD-D-0004');
    const c = await connect('UPD-C-0003');
    const version = await publish(['UPD-D-0004'], [{ type: 'execute', name: 'instalar.bat' }]);
    // 'all' reaches only the connected devices that have something pending.
    await announceUpdates(schema, 'all', t.database.db);
    await until(() => d.messages.find((m) => m.type === 'updates'));
    await announceUpdates(schema, ['UPD-D-0004'], t.database.db);
    await until(() =>
      d.messages.filter((m) => m.type === 'updates').length === 2 ? true : undefined,
    );
    expect(c.messages.some((m) => m.type === 'updates')).toBe(false);

    d.socket.send(JSON.stringify({ type: 'updateConfirm', version, ok: true }));
    const recorded = await until(() => d.messages.find((m) => m.type === 'updateRecorded'));
    expect(recorded).toEqual({ type: 'updateRecorded', version });
    expect(await rowOf(version, 'UPD-D-0004')).toMatchObject({ CONFIRMADA: true, STATISTICOK: 1 });
    d.socket.close();
    c.socket.close();
  });

  it('arrives when the console publishes with SendPush', async () => {
    const d = await connect('UPD-D-0004');
    const admin = await t.tokenFor('admin');
    const staged = await t.call(
      'uploadPublish',
      {
        database: demo.project,
        filter: [{ type: 'sqlDirect', name: 'ajuste.sql', sql: 'DELETE FROM gen_visitas' }],
      },
      admin,
    );
    expect(staged.body.error.code).toBe('0');
    const published = await t.call(
      'uploadConfirm',
      {
        database: demo.project,
        filter: {
          Type: UPDATE_TYPES.LICENCIA,
          lstMID: ['UPD-D-0004'],
          TempDirectory: staged.body.result.TempDirectory,
          SendPush: true,
        },
      },
      admin,
    );
    expect(published.body.error.code).toBe('0');
    await until(() => d.messages.find((m) => m.type === 'updates'));
    const { updates } = await client.updates('UPD-D-0004', credentials['UPD-D-0004']);
    expect(updates.map((u) => u.version)).toEqual([published.body.result.version]);
    expect(updates[0].files).toEqual([
      expect.objectContaining({
        name: 'ajuste.sql',
        IsSqlDirect: true,
        sql: 'DELETE FROM gen_visitas',
      }),
    ]);
    d.socket.close();
  });
});

describe('the simulator', () => {
  it('downloads, applies and confirms; a failing device reports why', async () => {
    await createDemoTables(t.database.sandbox, { numero: demo.project, schema });
    const fleet = (devices: number, failRate: number) =>
      new Fleet({
        server,
        project: demo.project,
        token: demo.token,
        devices,
        stateFile: null,
        checkinSeconds: 0.5,
        firstCheckinWithin: 0.2,
        episodes: false,
        updates: { failRate, slowShare: 0 },
      });
    const good = fleet(3, 0);
    const bad = fleet(1, 1);
    expect(await good.enrol()).toEqual({ enrolled: 3, failed: 0 });
    expect(await bad.enrol()).toEqual({ enrolled: 1, failed: 0 });
    const customer = DEMO_CLIENTS[0].id;
    const script = Buffer.from(
      `UPDATE gen_clientes SET telefono = '600111222', notas = 'Cliente; preferente' WHERE id = '${customer}';\n` +
        'CREATE INDEX IF NOT EXISTS lecturas_fecha ON gen_lecturas (fecha);\n',
    );
    const devices = [...good.devices, ...bad.devices];
    const version = await publish(
      devices.map((d) => d.mid),
      [
        { type: 'copy', name: 'logo.png', bytes: crypto.randomBytes(3000) },
        { type: 'sql', name: 'correcciones.sql', bytes: script },
      ],
    );
    good.start();
    bad.start();
    const deadline = Date.now() + 20_000;
    while (
      devices.some((d) => d.updates.applied.length + d.updates.failed.length === 0) &&
      Date.now() < deadline
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await good.stop();
    await bad.stop();
    for (const device of good.devices) {
      expect(device.updates.applied, device.mid).toEqual([version]);
      expect(device.replica.local.get('gen_clientes', { id: customer })).toMatchObject({
        telefono: '600111222',
        notas: 'Cliente; preferente',
      });
      expect(device.updates.recorded).toEqual([
        'copy %APPPATH%/logo.png',
        'CREATE INDEX IF NOT EXISTS lecturas_fecha ON gen_lecturas (fecha)',
      ]);
      expect(await rowOf(version, device.mid)).toMatchObject({ CONFIRMADA: true, STATISTICOK: 3 });
    }
    const failed = await rowOf(version, bad.devices[0].mid);
    expect(bad.devices[0].updates.failed).toEqual([version]);
    expect(failed).toMatchObject({ CONFIRMADA: false, ERROR: expect.stringMatching(/\S/) });
  }, 60_000);
});

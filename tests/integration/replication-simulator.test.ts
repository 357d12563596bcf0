import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_ENROLMENT_FILE, type DemoEnrolmentFile } from '../../server/device/demo';
import { createDemoTables } from '../../server/replication/demo-tables';
import { DeviceClient } from '../../simulator/client';
import { Fleet } from '../../simulator/fleet';
import { buildTestApp, type TestApp } from '../support/app';
import type { TestProject } from '../support/devices';

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

const serverRows = (query: string) =>
  t.database.sandbox.run(project, async (s) => (await s.query(query)).rows);

const CLIENT_COLUMNS = 'id, nombre, ciudad, telefono, notas';
const PRODUCT_COLUMNS = 'id, descripcion, precio::float8 AS precio, stock';
const pick = (row: Record<string, unknown>, columns: string) =>
  Object.fromEntries(
    columns
      .split(', ')
      .map((c) => c.split(' AS ').at(-1)!.split('::')[0])
      .map((c) => [c, c === 'precio' ? Number(row[c]) : row[c]]),
  );

it('simulated devices work offline, replicate when back, and all end with the server’s rows', async () => {
  const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const fleet = new Fleet({
    server,
    project: demo.project,
    token: demo.token,
    devices: 12,
    stateFile: null,
    checkinSeconds: 0.5,
    firstCheckinWithin: 0.2,
    episodes: false,
  });
  expect(await fleet.enrol()).toEqual({ enrolled: 12, failed: 0 });
  // Half a day of work done offline by each, before the fleet comes online.
  for (const device of fleet.devices) device.replica.work(3 * 3600);
  const made = fleet.devices.reduce((sum, device) => sum + device.replica.local.pending.length, 0);
  expect(made).toBeGreaterThan(12 * 10);
  fleet.start();
  const deadline = Date.now() + 20_000;
  while (fleet.devices.some((d) => d.replica.syncs < 3) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await fleet.stop();
  expect(fleet.devices.every((d) => d.replica.syncs >= 3 && !d.replica.off)).toBe(true);

  // Everything queued is applied; a last sync of each device fetches what is left.
  await t.app.replication.drain(project);
  const client = new DeviceClient(server);
  for (const device of fleet.devices) {
    expect(device.replica.local.pending).toEqual([]);
    await device.replica.sync(client, device.mid, device.credential!);
  }
  const clients = await serverRows(
    `SELECT ${CLIENT_COLUMNS} FROM gen_clientes ORDER BY id COLLATE "C"`,
  );
  const products = await serverRows(
    `SELECT ${PRODUCT_COLUMNS} FROM gen_productos ORDER BY id COLLATE "C"`,
  );
  for (const device of fleet.devices) {
    const local = device.replica.local;
    expect(
      local.rows('gen_clientes').map((row) => pick(row, CLIENT_COLUMNS)),
      device.mid,
    ).toEqual(clients);
    expect(
      local.rows('gen_productos').map((row) => pick(row, PRODUCT_COLUMNS)),
      device.mid,
    ).toEqual(products);
    // Its own orders are on the server (those the server refused were taken back).
    const own = await serverRows(
      `SELECT id FROM gen_pedidos WHERE dispositivo = '${device.mid}' ORDER BY id COLLATE "C"`,
    );
    expect(local.rows('gen_pedidos').map((row) => ({ id: row.id }))).toEqual(
      expect.arrayContaining(own.slice(-50)),
    );
  }
  const counts = await sql<{ queue: number; squeue: number }>`
    SELECT (SELECT count(*)::int FROM ${sql.id(project.schema, 'queue')}) AS queue,
           (SELECT count(*)::int FROM ${sql.id(project.schema, 'squeue')}) AS squeue
  `.execute(t.database.db);
  expect(counts.rows[0]).toEqual({ queue: 0, squeue: 0 });
}, 60_000);

import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { ProvisionAnswer } from '../protocol/provisioning';
import { deviceAuthorization } from '../protocol/device-protocol';
import { createDemoTables } from '../server/replication/demo-tables';
import { benchCredential } from './command-devices';
import { withBenchServer } from './bench-server';
import { adminToken, insertFleet } from './commands';

export interface ProvisionBenchOptions {
  /** Devices provisioned (1,000). */
  devices?: number;
  /** Devices downloading at the same time (16). */
  parallel?: number;
}

/**
 * A database provision for 1,000 devices (issue 16, "Tests and figures"): one server node in
 * this process on an embedded PostgreSQL in a temporary folder, the demo project's `gen_` tables,
 * and BENCH_DEVICES devices. Prints (1) provisioningDevice's time for all of them at once and
 * (2) the time until every device has downloaded its copy (built at its first download) and
 * confirmed it, `parallel` at a time, as a fleet would over the device protocol.
 * `npx tsx bench/data-provision.ts` runs it alone; bench/data.ts calls it.
 */
export async function provisionBench(opts: ProvisionBenchOptions = {}): Promise<void> {
  const count = opts.devices ?? Number(process.env.BENCH_DEVICES ?? 1000);
  const parallel = opts.parallel ?? 16;
  await withBenchServer('provision', async ({ config, database, db, url, project: demo }) => {
    const project = { numero: demo.numero, schema_name: demo.schema };
    await createDemoTables(database.sandbox, {
      numero: project.numero,
      schema: project.schema_name,
    });
    await insertFleet(db, project.numero, project.schema_name, count);
    const token = await adminToken(db, config);
    const mids = Array.from({ length: count }, (_, i) => `BENCH-${i + 1}`);

    let started = performance.now();
    const response = await fetch(`${url}/api/services`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        operation: 'provisioningDevice',
        parameter: { database: project.numero, key: 'provDatabase', devices: mids },
      }),
    });
    const ordered = (await response.json()) as { result: ProvisionAnswer };
    const orderSeconds = (performance.now() - started) / 1000;
    const tasks = ordered.result.devices.map((device, i) => ({
      id: device.task!,
      authorization: deviceAuthorization(device.MID, benchCredential(i + 1)),
    }));

    started = performance.now();
    let next = 0;
    let bytes = 0;
    const device = async (body: unknown, authorization: string, path: string) => {
      const answer = await fetch(`${url}/api/device/v1${path}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
      return Buffer.from(await answer.arrayBuffer());
    };
    const worker = async () => {
      while (next < tasks.length) {
        const { id, authorization } = tasks[next++];
        // Read before adding: `bytes += await …` would add to the value read before the wait,
        // losing the other workers' copies meanwhile.
        const copy = await device({ id }, authorization, '/provision/download');
        bytes += copy.length;
        await device({ id, ok: true }, authorization, '/provision/confirm');
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    const loadSeconds = (performance.now() - started) / 1000;
    console.log(
      `  database provision to ${count} devices: provisioningDevice ${orderSeconds.toFixed(2)} s; ` +
        `every copy built, downloaded and confirmed (${parallel} at a time) in ` +
        `${loadSeconds.toFixed(2)} s = ${Math.round(count / loadSeconds)} devices/s, ` +
        `${Math.round(bytes / count)} bytes a copy (gzip)`,
    );
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await provisionBench();
}

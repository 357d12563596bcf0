/**
 * The load generator of `npm run bench -- replication`, in its own process as devices are: the
 * server's event loop then serves only the server (the applier's round trips wait on it), and
 * its CPU is still counted (the parent reads this process's /proc). Devices BENCH-1…BENCH_DEVICES
 * send visits, BENCH_PER_CALL operations per call, BENCH_CONCURRENCY calls at once over kept-alive
 * connections, until BENCH_OPERATIONS are sent. Prints `ready` once connected, starts on a line
 * on stdin, prints `sent <seconds>` when every call is answered, and ends when stdin closes.
 */
import readline from 'node:readline';
import { performance } from 'node:perf_hooks';
import { DEVICE_API, deviceAuthorization } from '../protocol/device-protocol';
import type { UpOperation } from '../protocol/replication';
import { benchCredential } from './command-devices';
import { RawHttpConnection } from './raw-http';

const url = new URL(process.env.BENCH_REPLICA_URL!);
const DEVICES = Number(process.env.BENCH_DEVICES);
const OPERATIONS = Number(process.env.BENCH_OPERATIONS);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY);
const PER_CALL = Number(process.env.BENCH_PER_CALL);

/** One call's body: PER_CALL new visits of one device, numbered after its earlier calls. */
function visits(device: number, call: number): string {
  const mid = `BENCH-${device}`;
  const now = new Date().toISOString();
  const operations: UpOperation[] = Array.from({ length: PER_CALL }, (_, i) => ({
    id: call * PER_CALL + i + 1,
    time: now,
    table: 'gen_visitas',
    op: 'insert',
    key: { id: `V-${device}-${call}-${i}` },
    values: {
      cliente: `C-${String((i % 40) + 1).padStart(4, '0')}`,
      fecha: now,
      resultado: i % 3 ? 'Pedido tomado' : 'Sin pedido',
      notas: null,
      dispositivo: mid,
    },
    mid,
  }));
  return JSON.stringify({ operations, limit: 0 });
}

const connections = Array.from({ length: CONCURRENCY }, () => new RawHttpConnection(url));
const lines = readline.createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => lines.once('line', () => resolve()));
lines.once('close', () => {
  for (const connection of connections) connection.close();
  process.exit(0);
});
console.log('ready');
await go;
const started = performance.now();
const calls = Math.ceil(OPERATIONS / PER_CALL);
let next = 0;
await Promise.all(
  connections.map(async (connection) => {
    for (let call = next++; call < calls; call = next++) {
      const device = (call % DEVICES) + 1;
      const authorization = deviceAuthorization(`BENCH-${device}`, benchCredential(device));
      const body = visits(device, Math.floor(call / DEVICES));
      await connection.post(`${DEVICE_API}/replica`, authorization, body);
    }
  }),
);
console.log(`sent ${((performance.now() - started) / 1000).toFixed(3)}`);

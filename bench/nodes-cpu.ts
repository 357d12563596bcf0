import fs from 'node:fs';
import pg from 'pg';
import { Redis } from 'ioredis';
import { clusterSeconds, processSeconds, stat } from './cpu';

/**
 * CPU seconds of `npm run bench -- nodes` by process kind: the server nodes, the device client
 * processes, PostgreSQL (the backends of the bench's database, and apart the cluster's
 * background processes, shared with whatever else runs on the machine), Redis (shared too) and
 * the bench itself (its polling, and the backends answering it). Read from /proc, so Linux only.
 */
export interface Kinds {
  nodes: number;
  /** Of which in the kernel (system time): mostly the sockets' sends and receives. */
  nodesKernel: number;
  clients: number;
  clientsKernel: number;
  postgres: number;
  postgresBackground: number;
  redis: number;
  bench: number;
}

export interface CpuWatch {
  /** Notes the backends of the bench's own connections (application_name `flota-bench`). */
  noteBench(): Promise<void>;
  sample(nodes: number[], clients: number[]): Kinds;
  stop(): Promise<void>;
}

/** Finds the cluster's postmaster (through a backend's parent) and Redis's process. */
export async function watchCpu(pgUrl: string, redisUrl: string, database: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const postmaster = stat(rows[0].pid)?.parent ?? 0;
  const benchPids = new Set<number>();
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  const info = await redis.info('server');
  redis.disconnect();
  const redisPid = Number(/process_id:(\d+)/.exec(info)?.[1] ?? 0);
  const readable = fs.existsSync(`/proc/${postmaster}/stat`);
  // A backend's last figure is kept once it ends (a pool closes idle connections): read often,
  // so little of an ended backend's time is missed.
  const backends = new Map<number, number>();
  let background = 0;
  const scan = () => {
    if (!readable) return;
    const cluster = clusterSeconds(postmaster, database);
    for (const [pid, seconds] of cluster.backends) backends.set(pid, seconds);
    background = cluster.background;
  };
  const timer = setInterval(scan, 200);
  timer.unref();
  const total = (pick: (pid: number) => boolean) =>
    [...backends].reduce((sum, [pid, seconds]) => sum + (pick(pid) ? seconds : 0), 0);
  return {
    async noteBench() {
      const found = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'flota-bench'`,
        [database],
      );
      for (const { pid } of found.rows) benchPids.add(pid);
    },
    sample(nodes: number[], clients: number[]): Kinds {
      scan();
      const { user, system } = process.cpuUsage();
      return {
        nodes: processSeconds(nodes),
        nodesKernel: processSeconds(nodes, true),
        clients: processSeconds(clients),
        clientsKernel: processSeconds(clients, true),
        postgres: total((pid) => !benchPids.has(pid)),
        postgresBackground: background,
        redis: processSeconds([redisPid]),
        // Its polling, and the backends answering it.
        bench: (user + system) / 1e6 + total((pid) => benchPids.has(pid)),
      };
    },
    async stop() {
      clearInterval(timer);
      await client.end();
    },
  } satisfies CpuWatch;
}

/** "nodes 12.3 s (123 ms per 1,000), clients …": the CPU a span cost per 1,000 units. */
export function kindsReport(before: Kinds, after: Kinds, units: number): string {
  const names: [keyof Kinds, string][] = [
    ['nodes', 'nodes'],
    ['clients', 'clients'],
    ['postgres', 'PostgreSQL'],
    ['postgresBackground', 'PostgreSQL background (shared)'],
    ['redis', 'Redis (shared)'],
    ['bench', 'bench'],
  ];
  const per = (seconds: number) => ((seconds * 1e6) / units).toFixed(0);
  const kernelOf: Partial<Record<keyof Kinds, keyof Kinds>> = {
    nodes: 'nodesKernel',
    clients: 'clientsKernel',
  };
  let total = 0;
  const parts = names.map(([key, label]) => {
    const seconds = after[key] - before[key];
    total += seconds;
    const kernel = kernelOf[key];
    const inKernel = kernel ? `, kernel ${per(after[kernel] - before[kernel])}` : '';
    return `${label} ${seconds.toFixed(1)} s (${per(seconds)}${inKernel})`;
  });
  return (
    `${parts.join(', ')}; total ${total.toFixed(1)} s, ` +
    `${per(total)} ms per 1,000 device commands`
  );
}

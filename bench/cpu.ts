import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * CPU seconds spent by this process and by the embedded PostgreSQL cluster of `dataDir`: on a
 * shared machine the wall clock says how busy the others are, the CPU time says what the work
 * costs. The cluster's figure is the postmaster's own time, the time of its children that ended
 * (cutime, cstime: backends of closed connections) and that of its children still running, read
 * from /proc (Linux only; elsewhere the database's share is null).
 */
export interface CpuSample {
  node: number;
  postgres: number | null;
  /** The cluster's seconds by process kind (`flota_app`, `autovacuum launcher`, `ended`…). */
  byKind: Map<string, number>;
}

const TICKS = 100; // USER_HZ on Linux

/** utime + stime (stime apart), cutime + cstime and the parent of a process, in seconds; null when gone. */
export function stat(
  pid: number,
): { own: number; kernel: number; children: number; parent: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: the fields after it follow the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i - 3]);
    return {
      own: (n(14) + n(15)) / TICKS,
      kernel: n(15) / TICKS,
      children: (n(16) + n(17)) / TICKS,
      parent: n(4),
    };
  } catch {
    return null;
  }
}

/** The CPU seconds of these processes, or their kernel's share alone (gone ones count 0). */
export function processSeconds(pids: number[], kernel = false): number {
  return pids.reduce((sum, pid) => sum + ((kernel ? stat(pid)?.kernel : stat(pid)?.own) ?? 0), 0);
}

/** A backend's user, or a background process's name, from its process title. */
export function kind(pid: number): string {
  try {
    const title = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    const rest = title.replace(/^postgres: /, '');
    return /^\S+ \S+ (\d|\[local\])/.test(rest) ? rest.split(' ')[0] : rest.replace(/ *$/, '');
  } catch {
    return 'ended';
  }
}

function postgresSeconds(dataDir: string, byKind: Map<string, number>): number | null {
  if (os.platform() !== 'linux') return null;
  let postmaster: number;
  try {
    const file = path.join(dataDir, 'postgres', 'postmaster.pid');
    postmaster = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const root = stat(postmaster);
  if (!root) return null;
  let total = root.own + root.children;
  byKind.set('postmaster', root.own);
  byKind.set('ended', root.children);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.parent !== postmaster) continue;
    total += child.own;
    const name = kind(Number(entry));
    byKind.set(name, (byKind.get(name) ?? 0) + child.own);
  }
  return total;
}

export function cpuSample(dataDir: string, others: number[] = []): CpuSample {
  const { user, system } = process.cpuUsage();
  const byKind = new Map<string, number>();
  return {
    // Other node processes of the bench (a load generator) are counted with this one.
    node: (user + system) / 1e6 + processSeconds(others),
    postgres: postgresSeconds(dataDir, byKind),
    byKind,
  };
}

/** "node 12.3 s + PostgreSQL 8.1 s = 20.4 s CPU, 102 ms per 1,000 operations". */
export function cpuReport(before: CpuSample, after: CpuSample, operations: number): string {
  const node = after.node - before.node;
  const postgres =
    after.postgres !== null && before.postgres !== null ? after.postgres - before.postgres : null;
  const total = node + (postgres ?? 0);
  const per = (seconds: number) => ((seconds * 1e6) / operations).toFixed(0);
  const parts = [`node ${node.toFixed(1)} s (${per(node)} ms/1,000 ops)`];
  if (postgres !== null) parts.push(`PostgreSQL ${postgres.toFixed(1)} s (${per(postgres)})`);
  return `${parts.join(' + ')} = ${total.toFixed(1)} s CPU, ${per(total)} ms per 1,000 operations`;
}

/** "flota_app 3.1 s, prj_1 4.0 s, ended 0.9 s…": where the database's time went, largest first. */
export function cpuByKind(before: CpuSample, after: CpuSample): string {
  return [...after.byKind]
    .map(([name, seconds]) => [name, seconds - (before.byKind.get(name) ?? 0)] as const)
    .filter(([, seconds]) => seconds >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`)
    .join(', ');
}

/**
 * CPU seconds of a shared PostgreSQL cluster (the machine's, run by others too), by whose they
 * are: each backend connected to `database` (found by its process title), and the cluster's
 * background processes (walwriter, checkpointer…), which serve every database.
 */
export function clusterSeconds(
  postmaster: number,
  database: string,
): { backends: Map<number, number>; background: number } {
  const backends = new Map<number, number>();
  let background = stat(postmaster)?.own ?? 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = stat(Number(entry));
    if (child?.parent !== postmaster) continue;
    let title = '';
    try {
      title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue;
    }
    // A backend's title: "postgres: [<cluster name>: ]<user> <database> <host>(<port>) <state>".
    const fields = title.replace(/^postgres: (\S+: )?/, '').split(' ');
    if (fields[1] === database) backends.set(Number(entry), child.own);
    else if (!/\d|\[local\]/.test(fields[2] ?? '')) background += child.own;
  }
  return { backends, background };
}

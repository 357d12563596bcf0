import crypto from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';

/** The fixed work: SHA-256 over 64 MiB, in 1 MiB pieces (about 150–250 ms of one core). */
const PIECES = 64;

/**
 * A line to compare runs on a shared machine by: the same fixed work timed by the wall clock and
 * by this process's CPU time. On a quiet machine the two are equal; when other processes take the
 * core, the wall clock grows and the CPU time does not, and the ratio says by how much.
 */
export function calibration(label = 'calibration'): string {
  const piece = Buffer.alloc(1024 * 1024, 7);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const hash = crypto.createHash('sha256');
  for (let i = 0; i < PIECES; i++) hash.update(piece);
  hash.digest();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return (
    `${label}: SHA-256 of ${PIECES} MiB took ${wall.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU ` +
    `(wall/CPU ${(wall / Math.max(cpuMs, 1)).toFixed(2)}); load average ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' ')} on ${os.cpus().length} CPUs`
  );
}

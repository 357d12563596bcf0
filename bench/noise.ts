import { spawn, type ChildProcess } from 'node:child_process';

/**
 * BENCH_NOISE=1: one other CPU-bound process beside the bench, a busy loop on one core (a child
 * process, stopped when the bench ends), to see whether the figures hold on a shared machine.
 * BENCH_NOISE=<n> runs n of them.
 */
export function startNoise(): { count: number; stop(): Promise<void> } {
  const count = Math.max(0, Math.floor(Number(process.env.BENCH_NOISE ?? 0)) || 0);
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    children.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  const kill = () => children.forEach((child) => child.exitCode === null && child.kill('SIGKILL'));
  process.once('exit', kill);
  if (count > 0) console.log(`noise: ${count} busy loop(s) running beside the bench (BENCH_NOISE)`);
  return {
    count,
    async stop() {
      const exits = children
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map((child) => new Promise((resolve) => child.once('exit', resolve)));
      kill();
      await Promise.all(exits);
      process.removeListener('exit', kill);
    },
  };
}

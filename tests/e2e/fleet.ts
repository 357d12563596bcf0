import { spawn, type ChildProcess } from 'node:child_process';

export interface SimulatedFleet {
  stop(): Promise<void>;
}

/**
 * Starts the simulator against an e2e server, as `npm start` does, and resolves once every
 * device has enrolled through the device protocol and its socket is live.
 */
export function startFleet(
  server: string,
  dataDir: string,
  devices: number,
  /** Extra simulator options (`--kiosk 1`, `--state <file>`). */
  extra: string[] = [],
): Promise<SimulatedFleet> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'simulator/main.ts',
      '--wait',
      '--no-episodes',
      '--devices',
      String(devices),
      '--data-dir',
      dataDir,
      '--server',
      server,
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`fleet not live in 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (/devices of project \d+ live/.test(output)) {
        clearTimeout(timer);
        resolve({ stop });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`simulator exited with ${code}:\n${output}`));
    });
  });
}

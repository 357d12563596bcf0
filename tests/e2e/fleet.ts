import { spawn, type ChildProcess } from 'node:child_process';
import { embeddedDatabase } from './outbox';

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

/**
 * Devices that went offline in the last minutes (a stopped fleet's) made to look seen `hours`
 * ago, as if they had stayed offline that long (a bot's "offline longer than N hours"): their
 * last contact moved back in the server's device directory. Waits for the server to have seen
 * them go (the socket's close), up to 30 s; answers how many were moved.
 */
export async function ageOfflineDevices(dataDir: string, hours: number): Promise<number> {
  const client = await embeddedDatabase(dataDir);
  try {
    for (let attempt = 0; attempt < 30; attempt++) {
      const online = await client.query(
        `SELECT 1 FROM core.device_directory
          WHERE online AND last_seen > now() - interval '10 minutes' LIMIT 1`,
      );
      if (online.rowCount === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const moved = await client.query(
      `UPDATE core.device_directory SET last_seen = last_seen - make_interval(hours => $1)
        WHERE NOT online AND revoked_at IS NULL AND last_seen > now() - interval '10 minutes'`,
      [hours],
    );
    return moved.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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
 * The devices of the fleet `startFleet` runs, from the simulator's state file by its default name
 * (`p<project>-<host>_<port>.json`): a spec that runs a fleet of its own keeps that one's state
 * beside it under another name (`kiosk-modals.json`), which comes first in the folder.
 */
export function fleetDevices(dataDir: string): { mid: string; credential: string }[] {
  const dir = path.join(dataDir, 'simulator');
  const file = fs.readdirSync(dir).find((name) => /^p\d+-.+\.json$/.test(name));
  if (!file) throw new Error(`no simulator state of startFleet's in ${dir}`);
  const state = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
    devices: Record<string, { mid: string; credential: string }>;
  };
  return Object.values(state.devices);
}

/** The MIDs of a fleet's first `devices` devices, from the simulator's state file. */
export async function fleetMids(dataDir: string, devices: number): Promise<string[]> {
  const dir = path.join(dataDir, 'simulator');
  for (let attempt = 0; attempt < 20; attempt++) {
    for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const state = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
        server: string;
        devices: Record<string, { mid: string }>;
      };
      const mids = Object.entries(state.devices)
        .filter(([index]) => Number(index) < devices)
        .map(([, device]) => device.mid);
      if (mids.length === devices) return mids;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no simulator state of ${devices} devices in ${dir}`);
}

/** Waits, up to 60 s, until the server's device directory holds every one of `mids` online or not. */
export async function waitForPresence(dataDir: string, mids: string[], online: boolean) {
  const client = await embeddedDatabase(dataDir);
  try {
    for (let attempt = 0; attempt < 60; attempt++) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM core.device_directory WHERE mid = ANY($1) AND online = $2',
        [mids, online],
      );
      if (Number(rows[0].n) === mids.length) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`devices ${mids.join(', ')} not ${online ? 'online' : 'offline'} in 60 s`);
  } finally {
    await client.end();
  }
}

/**
 * Offline devices made to look last seen `hours` ago, as if they had stayed offline that long (a
 * bot's "offline longer than N hours"): their last contact moved back in the server's device
 * directory once the server has seen them go. Answers how many were moved.
 */
export async function ageOfflineDevices(
  dataDir: string,
  mids: string[],
  hours: number,
): Promise<number> {
  await waitForPresence(dataDir, mids, false);
  const client = await embeddedDatabase(dataDir);
  try {
    const moved = await client.query(
      `UPDATE core.device_directory SET last_seen = now() - make_interval(hours => $2)
        WHERE mid = ANY($1) AND NOT online`,
      [mids, hours],
    );
    return moved.rowCount ?? 0;
  } finally {
    await client.end();
  }
}

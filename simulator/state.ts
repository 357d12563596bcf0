import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Enrolled } from './device';

/**
 * What the simulator keeps between runs: the fleet's seed (so the same devices come back) and
 * each enrolled device's credential (so a restart does not enrol again).
 */
export interface FleetState {
  version: 1;
  server: string;
  project: number | null;
  seed: string;
  devices: Record<string, Enrolled & { mid: string }>;
}

export function loadState(file: string | null, server: string, project: number | null): FleetState {
  if (file && fs.existsSync(file)) {
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as FleetState;
    if (state.version === 1 && state.seed) return state;
  }
  return { version: 1, server, project, seed: crypto.randomBytes(6).toString('hex'), devices: {} };
}

/** Written whole to a temporary file and renamed, so a crash never leaves half a file. */
export function saveState(file: string, state: FleetState): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(state, null, 1) + '\n', { mode: 0o600 });
  fs.renameSync(temporary, file);
}

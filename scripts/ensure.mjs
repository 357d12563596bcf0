// Installs what `npm start` and `npm test` need when it is missing or out of date.
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function mtime(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

export function run(command, env = {}) {
  execSync(command, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

/**
 * Runs commands at the same time, each one's output held and printed when it ends (so that the
 * two do not interleave); throws when any of them failed.
 */
export async function runTogether(commands, env = {}) {
  const codes = await Promise.all(
    commands.map(
      (command) =>
        new Promise((resolve) => {
          const child = spawn(command, {
            cwd: root,
            shell: true,
            env: { ...process.env, ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('close', (code) => {
            process.stdout.write(`$ ${command}\n${output}`);
            resolve(code);
          });
        }),
    ),
  );
  if (codes.some((code) => code !== 0)) throw new Error(`failed: ${commands.join(' | ')}`);
}

/** A package only the tests, type-check and benches use: present when the dev install was done. */
const DEV_MARKER = 'node_modules/vitest/package.json';

/**
 * npm ci when node_modules is missing or older than package-lock.json. `npm start` asks for what
 * the server and the console's build need (`dev: false`: npm ci --omit=dev, some 450 packages of
 * 680: no test runners, linters, browsers' drivers or type checker); `npm test` for everything,
 * and installs again when only the start's part is there.
 */
export function ensureDependencies({ dev = true } = {}) {
  const fresh = mtime('node_modules/.package-lock.json') >= mtime('package-lock.json');
  if (fresh && (!dev || fs.existsSync(path.join(root, DEV_MARKER)))) return;
  const omit = dev ? '' : ' --omit=dev';
  console.log(`Installing dependencies (npm ci${omit})…`);
  // Errors only: some dependencies declare Node 22 (EBADENGINE) yet run and are tested on 20.
  run(`npm ci${omit} --no-audit --no-fund --loglevel=error`, {
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  });
}

function newestUnder(dir) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return 0;
  if (!fs.statSync(full).isDirectory()) return mtime(dir);
  return Math.max(0, ...fs.readdirSync(full).map((name) => newestUnder(path.join(dir, name))));
}

/** Builds the console into dist/ when it is missing or older than its sources. */
export function ensureConsoleBuilt({ force = false } = {}) {
  const sources = [
    'src',
    'protocol',
    'index.html',
    'silent-renew.html',
    'public',
    'vendor',
    'vite.config.ts',
    'package-lock.json',
  ];
  const built = mtime('dist/index.html');
  if (!force && built > 0 && built >= Math.max(...sources.map(newestUnder))) return;
  console.log('Building the console (vite build)…');
  run('npx vite build --logLevel warn');
}

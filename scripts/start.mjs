// `npm start`: installs what is missing, builds the console, starts the server.
import { spawn } from 'node:child_process';
import { ensureConsoleBuilt, ensureDependencies, root } from './ensure.mjs';

const started = Date.now();
ensureDependencies();
ensureConsoleBuilt();

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FLOTA_STARTED_AT: String(started) },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

// `npm start`: installs what is missing, builds the console, starts the server, and a simulated
// fleet beside it unless SIMULATOR=false (docs/device-protocol.md, "Simulator").
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureConsoleBuilt, ensureDependencies, root } from './ensure.mjs';

const started = Date.now();
// The server and the console's build only: what tests and benches need comes with `npm test`.
ensureDependencies({ dev: false });
ensureConsoleBuilt();
console.log('Starting Flota…');

// A larger young generation: each device message leaves short-lived objects (docs/operations.md).
const server = spawn(
  process.execPath,
  ['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FLOTA_STARTED_AT: String(started) },
  },
);

/** The simulator waits for the server, then enrols with the demo token the seed left in DATA_DIR. */
function startSimulator() {
  const env = (name, fallback) => process.env[name] || fallback;
  const devices = Number(env('SIMULATOR_DEVICES', '200'));
  if (['false', '0', 'no'].includes(env('SIMULATOR', 'true')) || !(devices > 0)) return null;
  const host = ['0.0.0.0', '::'].includes(env('HOST', '')) ? '127.0.0.1' : env('HOST', '127.0.0.1');
  const args = ['--import', 'tsx', 'simulator/main.ts', '--wait', '--quiet'];
  args.push('--devices', String(devices), '--server', `http://${host}:${env('PORT', '8080')}`);
  args.push('--data-dir', path.resolve(root, env('DATA_DIR', 'data')));
  // A few enrol by the demo premium kiosk profile's QR (docs/kiosk.md "In the demo").
  args.push('--kiosk', env('SIMULATOR_KIOSK', '3'));
  const simulator = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  simulator.on('exit', () => (fleet = null));
  return simulator;
}

let fleet = startSimulator();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    fleet?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  fleet?.kill('SIGTERM');
  process.exit(code ?? 0);
});

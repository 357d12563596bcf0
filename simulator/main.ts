/**
 * `npm run simulate -- --devices N --project P --server URL [--token T]`: a fleet of virtual
 * devices speaking device protocol v1 (docs/device-protocol.md, "Simulator").
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Fleet } from './fleet';
import type { MdmKind } from './mdm';

/** Written by the server in DATA_DIR when it seeds the demo (server/device/demo.ts). */
const DEMO_ENROLMENT_FILE = 'demo-enrolment.json';

interface DemoEnrolment {
  local: string;
  project: number;
  token: string;
  /** The demo company's MDM enrolment tokens by kind (server/mdm/demo.ts). */
  mdm?: Partial<Record<MdmKind, string>>;
  /** The demo premium kiosk profile's QR enrolment link (server/kiosk/premium/demo.ts). */
  kioskEnrolUrl?: string;
}

const usage = `Usage: npm run simulate -- [options]
  --devices N       virtual devices (default 20)
  --project P       project number (default: the demo project's)
  --server URL      server address (default: the demo file's, or http://127.0.0.1:8080)
  --token T         enrolment token (default: DATA_DIR/${DEMO_ENROLMENT_FILE})
  --data-dir DIR    where the demo token is and credentials are kept (default: DATA_DIR or data)
  --state FILE      credentials file (default: DIR/simulator/p<project>-<host>_<port>.json)
  --interval S      seconds between check-ins (default: what the server asks)
  --kiosk N         of the devices still to enrol, N enrol by the demo premium kiosk
                    profile's QR link, as its kiosk devices (default 0)
  --no-episodes     no offline episodes: every device stays online
  --no-live         no live video (by default each device answers live sessions over WebRTC)
  --live-fail R     share of live negotiations that fail on purpose (default 0.05)
  --mdm-share R     share of the fleet that is MDM-managed, with the demo's MDM tokens (default 0.2)
  --wait            wait for the server to answer /healthz first (npm start)
  --quiet           print only problems and a line at start`;

function fail(text: string): never {
  console.error(`simulator: ${text}`);
  process.exit(2);
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        devices: { type: 'string', default: '20' },
        project: { type: 'string' },
        server: { type: 'string' },
        token: { type: 'string' },
        'data-dir': { type: 'string' },
        state: { type: 'string' },
        interval: { type: 'string' },
        kiosk: { type: 'string', default: '0' },
        'no-episodes': { type: 'boolean', default: false },
        'no-live': { type: 'boolean', default: false },
        'live-fail': { type: 'string', default: '0.05' },
        'mdm-share': { type: 'string', default: '0.2' },
        wait: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}

function positiveInt(value: string | undefined, name: string, min = 0): number | null {
  if (value === undefined) return null;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min) fail(`--${name} must be an integer ≥ ${min}`);
  return number;
}

function shareOf(value: string | undefined, name: string, fallback: string): number {
  const rate = Number(value ?? fallback);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) fail(`--${name} must be between 0 and 1`);
  return rate;
}

async function waitForServer(server: string): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${server}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`the server at ${server} did not answer /healthz within 5 minutes`);
}

function readDemo(dataDir: string): DemoEnrolment | null {
  const file = path.join(dataDir, DEMO_ENROLMENT_FILE);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoEnrolment;
}

async function main(): Promise<void> {
  const args = readArgs();
  if (args.help) {
    console.log(usage);
    return;
  }
  const devices = positiveInt(args.devices, 'devices') ?? 20;
  let project = positiveInt(args.project, 'project', 1);
  const interval = positiveInt(args.interval, 'interval', 1);
  const dataDir = path.resolve(args['data-dir'] ?? process.env.DATA_DIR ?? 'data');
  let server = args.server?.replace(/\/$/, '');
  if (args.wait) await waitForServer(server ?? 'http://127.0.0.1:8080');

  let token = args.token ?? null;
  const demo = readDemo(dataDir);
  if (!token && demo && (project === null || project === demo.project)) {
    token = demo.token;
    project = demo.project;
  }
  server ??= demo?.local ?? 'http://127.0.0.1:8080';
  if (token && project === null) fail('--project is needed with --token');
  if (!token && project === null && args.wait) {
    // `npm start` on a database seeded before enrolment tokens existed, or with DEMO_SEED=false.
    console.log(`[simulator] no ${DEMO_ENROLMENT_FILE} in ${dataDir}: no simulated fleet`);
    return;
  }
  if (!token && project === null) {
    fail(
      `no enrolment token: pass --project and --token (the enrolmentToken operation creates one), ` +
        `or run where ${path.join(dataDir, DEMO_ENROLMENT_FILE)} exists`,
    );
  }
  const where = new URL(server);
  const stateFile = path.resolve(
    args.state ??
      path.join(dataDir, 'simulator', `p${project}-${where.hostname}_${where.port || '80'}.json`),
  );

  const log = (line: string) => console.log(`[simulator] ${line}`);
  const fleet = new Fleet({
    server,
    project,
    token,
    kioskEnrolUrl: token && token === demo?.token ? (demo.kioskEnrolUrl ?? null) : null,
    kioskDevices: positiveInt(args.kiosk, 'kiosk') ?? 0,
    devices,
    stateFile,
    checkinSeconds: interval,
    episodes: !args['no-episodes'],
    live: args['no-live']
      ? undefined
      : { failRate: shareOf(args['live-fail'], 'live-fail', '0.05') },
    // Managed devices only with the demo's MDM tokens (a demo seeded before them has none).
    mdm:
      demo?.mdm && token === demo.token
        ? { share: shareOf(args['mdm-share'], 'mdm-share', '0.2'), tokens: demo.mdm }
        : undefined,
    log,
  });
  const { enrolled, failed } = await fleet.enrol();
  fleet.start();
  const start = fleet.stats();
  if (start.enrolled === 0) fail(`no device of ${devices} could enrol against ${server}`);
  log(
    `${start.enrolled} of ${devices} devices of project ${project} live against ${server}` +
      (enrolled ? ` (${enrolled} enrolled now)` : '') +
      (failed ? `, ${failed} could not enrol` : '') +
      `; credentials in ${stateFile}`,
  );
  if (!args.quiet) {
    setInterval(() => {
      const s = fleet.stats();
      log(
        `${s.online} online (${s.connected} connected), ${s.devices - s.online} offline; ` +
          `${s.checkins} check-ins, ${s.failures} failed`,
      );
    }, 60_000).unref();
  }

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await fleet.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // Live until stopped.
  setInterval(() => {}, 1 << 30);
}

main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));

// `npm test`: installs what is missing, then lint, type-check, unit, integration and e2e tests.
// In CI (CI set) the integration tests run a second time on the machine's PostgreSQL.
import fs from 'node:fs';
import { ensureConsoleBuilt, ensureDependencies, run, runTogether } from './ensure.mjs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function ensureChromium() {
  if (fs.existsSync(chromium)) return;
  const debian = fs.existsSync('/etc/debian_version');
  if (debian && process.getuid?.() === 0) {
    console.log('Installing Chromium (apt-get install -y chromium)…');
    run('apt-get install -y -q chromium');
    return;
  }
  console.error(
    `Chromium is missing: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

const INTEGRATION = 'npx vitest run --project integration --project integration-mocking';
const externalPostgres = process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const steps = [
  // Both take one core each: side by side on a 2-core machine.
  [
    'lint and type-check',
    () =>
      runTogether([
        'npx eslint . && npx prettier --check . --log-level warn',
        'npx tsc --noEmit -p tsconfig.json',
      ]),
  ],
  ['unit tests', () => run('npx vitest run --project unit --project unit-mocking')],
  ['integration tests (embedded PostgreSQL)', () => run(INTEGRATION, { DATABASE_URL: '' })],
  ...(process.env.CI
    ? [
        [
          `integration tests (${externalPostgres})`,
          () => run(INTEGRATION, { DATABASE_URL: externalPostgres }),
        ],
      ]
    : []),
  ['console build', () => ensureConsoleBuilt({ force: true })],
  ['end-to-end tests (Chromium)', () => run('npx playwright test', { DATABASE_URL: '' })],
];

ensureDependencies();
ensureChromium();
for (const [name, step] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  try {
    await step();
  } catch {
    console.error(`\n✗ ${name} failed`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

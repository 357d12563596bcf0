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

/**
 * The end-to-end specs in two groups run side by side, each by one Playwright worker on a pair of
 * servers of its own (ports, DATA_DIRs, results): the tests of one group share demo users and
 * their saved screens, which two workers on one pair would disturb. The screens-everywhere specs
 * take about five of some fourteen minutes; the rest are shared out by their count of tests,
 * heaviest first (one after the other, 11.9 min here; in two groups, 8.0 and 5.9 min by
 * Playwright's --shard, which splits by count alone).
 */
const E2E_SECONDS = { 'all-screens.spec.ts': 270, 'accessibility-dialogs.spec.ts': 55 };
const E2E_SECONDS_PER_TEST = 13;

function e2eGroups() {
  const weighed = fs
    .readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => ({
      name,
      seconds:
        E2E_SECONDS[name] ??
        E2E_SECONDS_PER_TEST *
          (fs.readFileSync(`tests/e2e/${name}`, 'utf8').match(/^\s*test\(/gm) ?? []).length,
    }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const groups = [
    { files: [], seconds: 0 },
    { files: [], seconds: 0 },
  ];
  for (const { name, seconds } of weighed) {
    const group = groups[0].seconds <= groups[1].seconds ? groups[0] : groups[1];
    group.files.push(`tests/e2e/${name}`);
    group.seconds += seconds;
  }
  return groups.map(
    ({ files }, index) =>
      `E2E_MAIN_PORT=${8181 + 2 * index} E2E_RENEW_PORT=${8182 + 2 * index} ` +
      `E2E_TMP=.tmp/e2e-group${index + 1} npx playwright test ${files.join(' ')}`,
  );
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
  ['end-to-end tests (Chromium)', () => runTogether(e2eGroups(), { DATABASE_URL: '' })],
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

// `npm test`: installs what is missing, then lint, type-check, unit, integration and the core
// end-to-end tests. `npm run test:extended` (CI runs it after `npm test`): the integration tests a
// second time on the machine's PostgreSQL, and the extended end-to-end specs.
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
 * The end-to-end specs in groups run side by side (two by default, E2E_GROUPS to change), each by
 * one Playwright worker on a pair of servers of its own (ports, DATA_DIRs, results): the tests of
 * one group share demo users and their saved screens, which two workers on one pair would disturb.
 * Specs are shared out by the seconds they took in a measured run (tests/e2e/durations.json, made
 * by `node scripts/e2e-durations.mjs` from the reports a run leaves), heaviest first, each to the
 * lightest group; a spec not measured yet counts 13 s a test.
 *
 * A spec whose first line says `// Suite: extended` (the sweeps over every screen, the second-server
 * specs, the second spec of an area) runs in the extended pass, not in `npm test`, which keeps one
 * journey per area within its 20 minutes (docs/decisions.md).
 */
const E2E_SECONDS = JSON.parse(fs.readFileSync('tests/e2e/durations.json', 'utf8'));
const E2E_SECONDS_PER_TEST = 13;
const E2E_GROUPS = Number(process.env.E2E_GROUPS ?? 2);

const specText = (name) => fs.readFileSync(`tests/e2e/${name}`, 'utf8');
const extendedSpec = (name) => specText(name).startsWith('// Suite: extended');

function e2eGroups(extended) {
  const weighed = fs
    .readdirSync('tests/e2e')
    .filter((name) => name.endsWith('.spec.ts') && extendedSpec(name) === extended)
    .map((name) => ({
      name,
      seconds:
        E2E_SECONDS[name] ??
        E2E_SECONDS_PER_TEST * (specText(name).match(/^\s*test\(/gm) ?? []).length,
    }))
    .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const groups = Array.from({ length: E2E_GROUPS }, () => ({ files: [], seconds: 0 }));
  // The specs of the second server (E2E.renew) go to the first group, which alone starts it.
  const renew = (name) => specText(name).includes('E2E.renew');
  weighed.sort((a, b) => Number(renew(b.name)) - Number(renew(a.name)));
  for (const { name, seconds } of weighed) {
    const group = renew(name)
      ? groups[0]
      : groups.reduce((lightest, next) => (next.seconds < lightest.seconds ? next : lightest));
    group.files.push(`tests/e2e/${name}`);
    group.seconds += seconds;
  }
  groups.forEach(({ files, seconds }, index) =>
    console.log(
      `group ${index + 1}: ${files.length} specs, about ${Math.round(seconds)} s measured`,
    ),
  );
  return groups.map(
    ({ files }, index) =>
      `E2E_MAIN_PORT=${8181 + 2 * index} E2E_RENEW_PORT=${8182 + 2 * index} ` +
      (index > 0 || !files.some((file) => renew(file.slice('tests/e2e/'.length)))
        ? 'E2E_RENEW=0 '
        : '') +
      `E2E_TMP=.tmp/e2e-group${index + 1} npx playwright test ${files.join(' ')}`,
  );
}

const INTEGRATION = 'npx vitest run --project integration --project integration-mocking';
const externalPostgres = process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const extendedPass = process.argv.includes('--extended');
const steps = extendedPass
  ? [
      [
        `integration tests (${externalPostgres})`,
        () => run(INTEGRATION, { DATABASE_URL: externalPostgres }),
      ],
      ['console build', () => ensureConsoleBuilt()],
      [
        'extended end-to-end tests (Chromium)',
        () => runTogether(e2eGroups(true), { DATABASE_URL: '' }),
      ],
    ]
  : [
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
      ['console build', () => ensureConsoleBuilt({ force: true })],
      ['end-to-end tests (Chromium)', () => runTogether(e2eGroups(false), { DATABASE_URL: '' })],
    ];

// `npm test -- --only e2e` (or lint, unit, integration, build): the steps whose name holds it.
const only = process.argv.includes('--only')
  ? process.argv[process.argv.indexOf('--only') + 1]
  : '';
const chosen = steps.filter(
  ([name]) => name.includes(only) || (only === 'e2e' && /end-to-end|console build/.test(name)),
);
const began = Date.now();

ensureDependencies();
ensureChromium();
for (const [name, step] of chosen) {
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
const pass = extendedPass ? 'npm run test:extended' : 'npm test';
console.log(`\n${pass}: ${((Date.now() - began) / 60000).toFixed(1)} min in all`);

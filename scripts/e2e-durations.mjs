// `node scripts/e2e-durations.mjs [report.json …]`: the seconds each end-to-end spec took in the
// given Playwright JSON reports (by default those `npm test` leaves in .tmp/e2e-group*/), written
// to tests/e2e/durations.json, which `npm test` uses to share the specs out between its groups.
import fs from 'node:fs';
import path from 'node:path';

const reports = process.argv.slice(2);
if (reports.length === 0) {
  for (const dir of fs.readdirSync('.tmp').filter((name) => name.startsWith('e2e-group'))) {
    const file = path.join('.tmp', dir, 'e2e-report.json');
    if (fs.existsSync(file)) reports.push(file);
  }
}

/** The milliseconds of every test's runs under a suite, nested suites included. */
function suiteMs(suite) {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.flatMap((test) => test.results.map((result) => result.duration)),
  );
  return (
    own.reduce((sum, ms) => sum + ms, 0) +
    (suite.suites ?? []).reduce((sum, inner) => sum + suiteMs(inner), 0)
  );
}

const file = 'tests/e2e/durations.json';
const durations = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
for (const report of reports) {
  for (const suite of JSON.parse(fs.readFileSync(report, 'utf8')).suites) {
    durations[path.basename(suite.file)] = Math.round(suiteMs(suite) / 1000);
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${file}: ${Object.keys(sorted).length} specs from ${reports.length} report(s)`);

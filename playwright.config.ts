import { defineConfig } from '@playwright/test';

/**
 * Two servers as a user would run them: the normal one, and one with 40 s access tokens that
 * also plays the external environment of the first (it trusts the first one's console origin).
 * CONSOLE_DIR, when set, reaches both (Playwright passes its own environment on).
 */
const server = (port: number, dataDir: string, extra: Record<string, string> = {}) => ({
  command: `rm -rf ${dataDir} && node --import tsx server/main.ts`,
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 120_000,
  // The server stops its embedded PostgreSQL itself (it runs in its own process group), so it
  // must get a signal it can handle rather than the default SIGKILL of the group.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
  env: {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // The demo's MDM policies and tokens are for npm start's simulator, not the specs' lists.
    DEMO_MDM: 'false',
    ...extra,
  },
});

// Ports and folders can be moved (E2E_MAIN_PORT, E2E_RENEW_PORT, E2E_TMP) so that two runs of
// the suite on one machine do not collide.
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const tmp = process.env.E2E_TMP ?? '.tmp';
const mainPort = port('E2E_MAIN_PORT', 8181);
const renewPort = port('E2E_RENEW_PORT', 8182);

export const E2E = {
  main: { url: `http://127.0.0.1:${mainPort}`, dataDir: `${tmp}/e2e-main` },
  renew: { url: `http://127.0.0.1:${renewPort}`, dataDir: `${tmp}/e2e-renew` },
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Each run's own, so that runs side by side (npm test's two groups) keep their results.
  outputDir: `${tmp}/test-results`,
  timeout: 90_000,
  // Playwright's 5 s is tight on a loaded 2-core machine: a CI run once saw the group editor's
  // device table fill a moment after it. A passing expectation returns as soon as it holds.
  expect: { timeout: 10_000 },
  workers: 1,
  // The JSON report gives each spec's duration: `node scripts/e2e-durations.mjs` turns the last
  // run's reports into tests/e2e/durations.json, by which `npm test` shares the specs out.
  reporter: [['list'], ['json', { outputFile: `${tmp}/e2e-report.json` }]],
  use: {
    baseURL: E2E.main.url,
    locale: 'es-ES',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The second server serves only the specs that name E2E.renew (renewal, external environment):
  // `npm test` runs them in its first group and starts it there alone (E2E_RENEW=0 elsewhere).
  webServer: [
    server(mainPort, E2E.main.dataDir),
    ...(process.env.E2E_RENEW === '0'
      ? []
      : [
          server(renewPort, E2E.renew.dataDir, {
            ACCESS_TOKEN_TTL: '40',
            TRUSTED_ORIGINS: E2E.main.url,
          }),
        ]),
  ],
});

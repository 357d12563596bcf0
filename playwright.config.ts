import { defineConfig } from '@playwright/test';

/** Two servers as a user would run them: the normal one, and one with 40 s access tokens. */
const server = (port: number, dataDir: string, extra = '') => ({
  command: `rm -rf ${dataDir} && ${extra} node --import tsx server/main.ts`,
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 120_000,
  env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
});

export const E2E = {
  main: { url: 'http://127.0.0.1:8181', dataDir: '.tmp/e2e-main' },
  renew: { url: 'http://127.0.0.1:8182', dataDir: '.tmp/e2e-renew' },
};

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  workers: 1,
  reporter: [['list']],
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
  webServer: [
    server(8181, E2E.main.dataDir),
    server(8182, E2E.renew.dataDir, 'ACCESS_TOKEN_TTL=40'),
  ],
});

import os from 'node:os';
import { defineConfig } from 'vitest/config';

/** Unit test files that call vi.mock. */
const MOCKING_MODULES = [
  'tests/unit/console/devicelist.test.tsx',
  'tests/unit/console/projects-screens.test.tsx',
  'tests/unit/console/searchDevices.test.tsx',
];
const unit = {
  environment: 'node' as const,
  setupFiles: ['tests/support/unit-setup.ts'],
  // Rendering tests in jsdom take seconds on a loaded 2-core machine.
  testTimeout: 30_000,
};
/** Integration test files that call vi.mock (the same reason as for the unit tests). */
const INTEGRATION_MOCKING = ['tests/integration/identity-abuse.test.ts'];
const integration = {
  environment: 'node' as const,
  globalSetup: ['tests/support/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};
const define = { __APP_VERSION__: JSON.stringify('test') };

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one file at a time on 2 cores, where
    // the integration tests spend half their time waiting on PostgreSQL and child processes
    // (one worker: 470 s; two: 263 s, here).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          exclude: MOCKING_MODULES,
          // The files of a worker share one module graph: react-admin and MUI are imported once
          // per worker, not once per file (171 s for the unit tests here; 77–81 s so).
          isolate: false,
          ...unit,
        },
        define,
      },
      {
        // Files that replace a module (vi.mock) get a graph of their own: in a shared one, the
        // module may have been imported, unreplaced, by a file before them.
        test: { name: 'unit-mocking', include: MOCKING_MODULES, ...unit },
        define,
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: INTEGRATION_MOCKING,
          // As for the unit tests: the server's modules imported once per worker, not once per
          // file (import 97 s of the workers' time, 217 s in all here; 10 s and 140 s so).
          isolate: false,
          ...integration,
        },
      },
      { test: { name: 'integration-mocking', include: INTEGRATION_MOCKING, ...integration } },
    ],
  },
});

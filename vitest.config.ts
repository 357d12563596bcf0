import os from 'node:os';
import { defineConfig } from 'vitest/config';

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
          environment: 'node',
          setupFiles: ['tests/support/unit-setup.ts'],
          // Rendering tests in jsdom take seconds on a loaded 2-core machine.
          testTimeout: 30_000,
        },
        define: { __APP_VERSION__: JSON.stringify('test') },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

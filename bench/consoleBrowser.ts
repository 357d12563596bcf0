import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CREDENTIALS_FILE } from '../server/db/seed';
import { startFleet } from '../tests/e2e/fleet';
import { withBenchServer } from './bench-server';

/** A script the browser asked for, by path under the console folder, and when (ms from start). */
export interface Fetched {
  path: string;
  at: number;
}

/** Simulated devices enrolled in the demo project, so that home shows a fleet as `npm start`'s does. */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 30);

/**
 * Home, in Chromium, as a signed-in user opens it: the scripts asked for until home is usable and
 * after. "Usable", strictly: the welcome and the fleet's figures are drawn and no progress bar or
 * skeleton is left in the content area. A server of its own serves the build in `consoleDir`,
 * with BENCH_DEVICES simulated devices (30; 0 for an empty project) live in the demo project.
 */
export async function homeInChromium(
  consoleDir: string,
): Promise<{ before: Fetched[]; after: Fetched[]; usableMs: number }> {
  process.env.CONSOLE_DIR = consoleDir;
  return withBenchServer('console', async ({ config, url }) => {
    const line = fs
      .readFileSync(path.join(config.DATA_DIR, CREDENTIALS_FILE), 'utf8')
      .split('\n')
      .find((entry) => entry.split('\t')[1] === 'admin');
    const [, login, password] = line!.split('\t');
    const fleet = DEVICES > 0 ? await startFleet(url, config.DATA_DIR, DEVICES) : null;
    const browser = await chromium
      .launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      })
      .catch(async (error: unknown) => {
        await fleet?.stop();
        throw error;
      });
    try {
      const context = await browser.newContext({ locale: 'es-ES' });
      const signIn = await context.newPage();
      await signIn.goto(`${url}/`);
      await signIn.locator('input[name="login"]').fill(login);
      await signIn.locator('input[name="password"]').fill(password);
      await signIn.locator('button[type="submit"]').click();
      await signIn.waitForURL(/\/app\//);
      await signIn.close();

      // A fresh page with the session; routing every request keeps the browser cache out of it.
      const page = await context.newPage();
      await page.route('**/*', (route) => route.continue());
      const fetched: Fetched[] = [];
      const started = Date.now();
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.endsWith('.js')) fetched.push({ path: pathname, at: Date.now() - started });
      });
      await page.goto(`${url}/app/home`);
      await page.getByText(/^Bienvenido, /).waitFor({ timeout: 120_000 });
      // The fleet's figures, or what says the project has none.
      await page
        .locator(
          'section[aria-labelledby="home-fleet-title"] :is(a[data-figure="total"], .MuiAlert-root)',
        )
        .first()
        .waitFor({ timeout: 120_000 });
      // Nothing left loading in the content area, twice in a row a moment apart.
      const busy = page.locator(
        '#main-content [role="progressbar"], #main-content .MuiSkeleton-root',
      );
      for (let quiet = 0; quiet < 2;) {
        quiet = (await busy.count()) === 0 ? quiet + 1 : 0;
        if (quiet < 2) await page.waitForTimeout(150);
      }
      const usableMs = Date.now() - started - 150;
      await page.waitForLoadState('networkidle');
      // What comes a little later (lazy parts asked for once idle) counts as "after".
      await page.waitForTimeout(6000);
      return {
        before: fetched.filter((entry) => entry.at <= usableMs),
        after: fetched.filter((entry) => entry.at > usableMs),
        usableMs,
      };
    } finally {
      await browser.close();
      await fleet?.stop();
    }
  });
}

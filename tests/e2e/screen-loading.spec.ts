// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page, type Route } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { shoot } from './shots';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

/**
 * Holds the requests for a screen's chunk (`assets/<name>-<hash>.js`) until `release` is called:
 * a link as slow as one likes, without timing.
 */
async function holdChunk(page: Page, name: string) {
  const held: Route[] = [];
  let released = false;
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), (route) =>
    released ? route.continue() : void held.push(route),
  );
  return {
    requested: () => held.length > 0,
    release: async () => {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** The screen's title in the top bar and as the page's heading, and the outline of a page. */
async function expectOutline(page: Page, title: string, loading: string) {
  await expect(page.locator('#react-admin-title')).toHaveText(title);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeAttached();
  const status = page.getByRole('status', { name: loading });
  await expect(status).toBeVisible();
  // The top progress bar of a route change (002 §2), at the very top of the window.
  const bar = status.getByRole('progressbar', { name: loading });
  await expect(bar).toBeVisible();
  expect((await bar.boundingBox())?.y).toBe(0);
}

// Issue 33, point 13: while a screen's code loads, its title and a skeleton show at once.
test('a screen whose code is still on its way shows its title and an outline', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');

  const tables = await holdChunk(page, 'TablesPage');
  await page.goto(`/app/sqltables?database=${demoProject()}`);
  await expect.poll(tables.requested).toBe(true);
  await expectOutline(page, 'Tablas', 'Cargando');
  await shoot(page, 'screen-loading-es');
  await tables.release();
  await expect(page.getByRole('button', { name: 'gen_clientes', exact: true })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Cargando' })).toHaveCount(0);

  // Within the console (a menu link, not a fresh page) and in English.
  await chooseLanguage(page, 'en');
  const reports = await holdChunk(page, 'ReportsPage');
  await page.getByRole('menuitem', { name: 'Reports' }).click();
  await expect.poll(reports.requested).toBe(true);
  await expectOutline(page, 'Reports', 'Loading');
  await shoot(page, 'screen-loading-en');
  await reports.release();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await expect(page.locator('#react-admin-title')).toHaveText('Reports');

  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

// 002 §2 and §9: under 768 px the side menu is folded away; its button opens it over the page.
test('under 768 px the side menu starts folded and opens over the page', async ({ page }) => {
  await page.setViewportSize({ width: 700, height: 800 });
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto('/app/home');
  const menu = page.getByRole('menuitem', { name: 'Informes' });
  await expect(page.locator('#main-content')).toBeVisible();
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await expect(menu).toBeVisible();
  await menu.click();
  await expect(page).toHaveURL(/\/app\/reports/);
  await expect(menu).toBeHidden();
  await leaveOnHome(page);
});

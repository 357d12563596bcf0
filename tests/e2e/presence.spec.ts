// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet, type SimulatedFleet } from './fleet';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

/**
 * A device's connection state (issue 33, point 1): the device list shows each device online or
 * offline with when it was last seen (the exact time on hover), its Connection quick filter
 * narrows the list to the simulated fleet's connected devices, the device dialog's title and the
 * global search show the same, and a device whose socket closes reads offline.
 */
let fleet: SimulatedFleet | undefined;
test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 3);
});
test.afterAll(async () => {
  await fleet?.stop();
});

const shots = process.env.SCREENSHOTS_DIR;
/** At 1280 and 390 px; a wide table scrolled to its end, where the connection columns are. */
async function shot(page: Page, name: string) {
  if (!shots) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.waitForTimeout(400);
    await page.evaluate(() => {
      for (const table of document.querySelectorAll('main table')) {
        let box = table.parentElement;
        while (box && box.scrollWidth <= box.clientWidth) box = box.parentElement;
        if (box) box.scrollLeft = box.scrollWidth;
      }
    });
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

const connection = (page: Page) =>
  page.getByRole('combobox', { name: /^(Conexión|Connection)( |$)/ });

test('the device list shows who is online, filters on it, and the dialog and search agree', async ({
  page,
}) => {
  test.setTimeout(360_000);
  page.on('response', (response) => {
    if (response.status() >= 400) console.log('failed', response.status(), response.url());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The sign-in's own 10 s wait is short on a machine shared by several runs.
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin).catch(() =>
    expect(page).toHaveURL(/\/app\//, { timeout: 60_000 }),
  );
  await chooseLanguage(page, 'es');
  await page.goto(`/app/devicelist?database=${demoProject()}`);
  const rows = page.locator('tbody tr[data-estado]');
  // A first visit loads the list's code and schema on a shared machine.
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('columnheader', { name: 'Conexión' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Última vez' })).toBeVisible();

  // The quick filter: the fleet's sockets are open, so at least its 3 devices are online.
  await connection(page).click();
  await page.getByRole('option', { name: 'En línea' }).click();
  await expect(rows.first().locator('[data-connection="online"]')).toBeVisible();
  expect(await rows.count()).toBeGreaterThanOrEqual(3);
  await expect(page.locator('tbody [data-connection="offline"]')).toHaveCount(0);
  // Last seen "ahora mismo", the exact date and time on hover.
  const seen = rows.first().locator('time[data-last-seen]');
  await expect(seen).toHaveText('ahora mismo');
  await expect(seen).toHaveAttribute('title', /^Visto por última vez: \d{2}\/\d{2}\/\d{4}/);
  await shot(page, 'presence-list-online-es');

  // The device dialog's title says the same.
  await rows.first().dblclick();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('[data-presence] [data-connection="online"]')).toBeVisible();
  await expect(dialog.locator('[data-presence]')).toContainText('En línea');
  const mid = (await dialog.getByRole('heading', { level: 2 }).textContent())!;
  await shot(page, 'presence-dialog-es');
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(dialog).toBeHidden();

  // Offline: none of the online devices, and the never-connected demo devices say so.
  await connection(page).click();
  await page.getByRole('option', { name: 'Desconectado' }).click();
  // Every device of the e2e project may be connected: then the list says there are none.
  await expect(
    rows
      .first()
      .locator('[data-connection="offline"]')
      .or(page.getByText('Sin resultados en Dispositivos con los filtros actuales.')),
  ).toBeVisible();
  await expect(page.locator('tbody [data-connection="online"]')).toHaveCount(0);
  await shot(page, 'presence-list-offline-es');

  // In English, the same list.
  await chooseLanguage(page, 'en');
  await connection(page).click();
  await page.getByRole('option', { name: 'Online', exact: true }).click();
  await expect(rows.first().locator('[data-connection="online"]')).toContainText('Online');
  await expect(rows.first().locator('time[data-last-seen]')).toHaveText('just now');
  await expect(rows.first().locator('time[data-last-seen]')).toHaveAttribute(
    'title',
    /^Last seen: /,
  );
  await shot(page, 'presence-list-online-en');
  await rows.first().dblclick();
  await expect(dialog.locator('[data-presence]')).toContainText('Online');
  await shot(page, 'presence-dialog-en');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The global search shows the connection state of what it finds.
  await page.goto('/app/server/search');
  await page.getByPlaceholder('Search by MID or owner').fill(mid.trim());
  const found = page.locator('tbody tr[data-colour]');
  await expect(found).toHaveCount(1);
  await expect(found.first().locator('[data-connection="online"]')).toContainText('Online');
  await shot(page, 'presence-search-en');
  await chooseLanguage(page, 'es');
  await expect(found.first().locator('[data-connection="online"]')).toContainText('En línea');
  await shot(page, 'presence-search-es');

  // The fleet goes away: its devices read offline, and were last seen moments ago.
  await fleet?.stop();
  fleet = undefined;
  await page.goto(`/app/devicelist?database=${demoProject()}`);
  await page.getByRole('button', { name: 'Filtro por columna' }).first().click();
  await page.getByLabel('Valor de MID').fill(mid.trim());
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('[data-connection="offline"]')).toBeVisible();
  await expect(rows.first().locator('time[data-last-seen]')).toHaveText(/ahora mismo|hace 1 min/);
  await leaveOnHome(page);
});

import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { startFleet, type SimulatedFleet, fleetDevices } from './fleet';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

let fleet: SimulatedFleet | undefined;

test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 20);
});

test.afterAll(async () => {
  await fleet?.stop();
});

/** A MID of the simulated fleet, from the simulator's own credentials file. */
function simulatedMid(): string {
  return fleetDevices(E2E.main.dataDir)[7].mid;
}

test('a newcomer finds a simulated device by a column filter, disables it and exports CSV', async ({
  page,
}) => {
  const mid = simulatedMid();
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Dispositivos', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/devicelist/);
  await expect(page.locator('tbody tr[data-estado]').first()).toBeVisible();

  await page.getByRole('button', { name: 'Filtro por columna' }).first().click();
  await page.getByLabel('Operador de MID').selectOption({ label: 'igual' });
  // Typed in the other case: text filters compare without regard to case.
  const typed = mid === mid.toLowerCase() ? mid.toUpperCase() : mid.toLowerCase();
  expect(typed).not.toBe(mid);
  await page.getByLabel('Valor de MID').fill(typed);
  const rows = page.locator('tbody tr[data-estado]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(mid);
  await expect(rows.first()).not.toHaveAttribute('data-estado', '2');

  await rows.first().click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Desactivar', exact: true }).click();
  await expect(page.getByText('1 dispositivo desactivado')).toBeVisible();
  await expect(rows.first()).toHaveAttribute('data-estado', '2');
  const [red, green] = await rows
    .first()
    .evaluate((row) =>
      getComputedStyle(row).backgroundColor.match(/\d+/g)!.slice(0, 2).map(Number),
    );
  expect(red).toBeGreaterThan(green);
  const shots = process.env.SCREENSHOTS_DIR;
  if (shots) await page.screenshot({ path: `${shots}/devicelist-filtered-es-1280.png` });

  await page.getByRole('button', { name: 'Exportar' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^devicelist-.*\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('MID');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(mid);
  await leaveOnHome(page);
});

test('the bar over a selection keeps every action within the page at 1280 px, the card menu at 375', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Dispositivos', exact: true }).click();
  const rows = page.locator('tbody tr[data-estado]');
  await expect(rows.first()).toBeVisible();
  const bar = page.locator('[data-test="bulk-actions-toolbar"]');
  const fits = async (width: number) => {
    for (const name of [
      'Comandos',
      'Enviar correo a seleccionados',
      'Enviar push a seleccionados',
    ]) {
      const button = bar.getByRole('button', { name, exact: true });
      await expect(button).toBeVisible();
      const box = (await button.boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(width);
    }
    const scroll = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scroll).toEqual([width, width]);
  };

  // A right-click selects the row it is on; the bar over it selects the whole page.
  const select = async (width: number) => {
    await rows.nth(2).click({ button: 'right' });
    await expect(page.getByRole('menu', { name: 'Acciones del dispositivo' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(rows.nth(2).locator('input[type="checkbox"]')).toBeChecked();
    await fits(width);
    await bar.getByRole('button', { name: 'Seleccionar todo' }).click();
    await expect(rows.first().locator('input[type="checkbox"]')).toBeChecked();
    await fits(width);
  };
  await select(1280);
  // The bar's text and buttons on its tint pass the contrast rule (issue 17: 4.38:1 before).
  await expectAccessible(page, 'device list with a selection');
  const shots = process.env.SCREENSHOTS_DIR;
  if (shots) await page.screenshot({ path: `${shots}/devicelist-selected-es-1280.png` });

  // On a phone, from the start (the sidebar becomes a drawer, closed): a card per device, whose
  // menu button offers what a right-click does, every action within the page.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  const cards = page.getByRole('list', { name: 'Dispositivos' }).getByRole('listitem');
  await cards
    .nth(2)
    .getByRole('button', { name: /^Acciones de/ })
    .click();
  const menu = page.getByRole('menu', { name: 'Acciones del dispositivo' });
  await expect(menu).toBeVisible();
  for (const item of await menu.getByRole('menuitem').all()) {
    const box = (await item.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  if (shots) await page.screenshot({ path: `${shots}/devicelist-selected-es-375.png` });
  await page.keyboard.press('Escape');
  await expect(cards.nth(2)).toHaveAttribute('data-selected', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  await page.setViewportSize({ width: 1280, height: 720 });
  await leaveOnHome(page);
});

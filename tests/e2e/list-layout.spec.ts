// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet, type SimulatedFleet } from './fleet';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

/**
 * The device list at 1280 px and on a phone (issue 33, points 4 to 6): the default columns fit
 * the area, the table scrolls in its own box with its header in view, a column chooser kept
 * per person, a selection bar that hides no row; on a phone a card per device, a tap opens it
 * and its menu button offers the row's actions. Every declared list gains the cards.
 */

let fleet: SimulatedFleet | undefined;

test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 30);
});

test.afterAll(async () => {
  await fleet?.stop();
});

const shots = process.env.SCREENSHOTS_DIR;
const shoot = async (page: Page, name: string) => {
  if (!shots) return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
};

/** The table's own scroll box and the page's and the box's sizes. */
async function measure(page: Page) {
  return page.locator('.RaDataTable-tableWrapper').evaluate((box) => {
    const rect = box.getBoundingClientRect();
    return {
      pageWidth: document.documentElement.scrollWidth,
      boxScrollWidth: box.scrollWidth,
      boxClientWidth: box.clientWidth,
      boxBottom: rect.bottom,
      boxTop: rect.top,
      overflowX: getComputedStyle(box).overflowX,
      windowHeight: window.innerHeight,
    };
  });
}

test('at 1280 px the device list fits its area, keeps its header and offers the other columns', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto('/app/devicelist');
  const rows = page.locator('tbody tr[data-estado]');
  // The fleet may still be enrolling on a busy machine.
  await expect(rows.nth(20)).toBeAttached({ timeout: 60_000 });
  const headers = page.getByRole('columnheader');
  await expect(headers.filter({ hasText: 'Plataforma' })).toHaveCount(1);
  await expect(headers.filter({ hasText: 'Último sincronismo' })).toHaveCount(1);
  await expect(headers.filter({ hasText: 'Conexión' })).toHaveCount(1);
  await expect(headers.filter({ hasText: 'Estado de provisión' })).toHaveCount(0);
  await expect(headers.filter({ hasText: 'Licencia' })).toHaveCount(0);

  // The default columns fit: nothing scrolls sideways, neither the page nor the table.
  await shoot(page, 'devicelist-es-1280-top');
  let size = await measure(page);
  expect(size.pageWidth).toBeLessThanOrEqual(1280);
  expect(size.boxScrollWidth).toBeLessThanOrEqual(size.boxClientWidth + 1);
  // The table's box ends inside the window: its sideways scrollbar is where the table is.
  expect(size.boxBottom).toBeLessThanOrEqual(size.windowHeight);
  expect(size.overflowX).toBe('auto');

  // A long value is cut and shown whole on hover.
  const mid = rows.first().locator('td [title]').first();
  await expect(mid).toHaveAttribute('title', /.+/);

  // Scrolled down, the header row stays at the top of the table's box.
  await page.locator('.RaDataTable-tableWrapper').evaluate((box) => box.scrollBy(0, 600));
  await expect(rows.first()).not.toBeInViewport();
  const header = page.locator('thead .MuiTableCell-head').nth(1);
  await expect(header).toBeInViewport();
  const headerTop = (await header.boundingBox())!.y;
  size = await measure(page);
  expect(Math.abs(headerTop - size.boxTop)).toBeLessThanOrEqual(2);
  await shoot(page, 'devicelist-scrolled-es-1280');

  // The chooser adds a column; the choice is kept through a reload, stored for this person.
  const chooser = page.locator('.MuiPopover-paper');
  const choose = async (names: string[]) => {
    await page.getByRole('button', { name: 'Columnas' }).click();
    for (const name of names) await chooser.getByLabel(name, { exact: true }).check();
    await page.keyboard.press('Escape');
  };
  await choose(['Licencia']);
  await expect(headers.filter({ hasText: 'Licencia' })).toHaveCount(1);
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(headers.filter({ hasText: 'Licencia' })).toHaveCount(1);
  const stored = await page.evaluate(() =>
    Object.keys(localStorage).filter((key) => key.startsWith('RaStore.columns.')),
  );
  expect(stored.some((key) => key.endsWith('.devicelist'))).toBe(true);

  // Every column shown: the table scrolls sideways in its own box, the page still does not.
  await choose(['ID', 'PIN', 'Usuario', 'Modelo', 'Pendiente', 'Correo electrónico']);
  await expect(headers.filter({ hasText: 'Correo electrónico' })).toHaveCount(1);
  size = await measure(page);
  expect(size.pageWidth).toBeLessThanOrEqual(1280);
  expect(size.boxScrollWidth).toBeGreaterThan(size.boxClientWidth);
  expect(size.boxBottom).toBeLessThanOrEqual(size.windowHeight);
  await page.getByRole('button', { name: 'Columnas' }).click();
  await chooser.getByRole('button', { name: 'Restablecer' }).click();
  await page.keyboard.press('Escape');
  await expect(headers.filter({ hasText: 'Licencia' })).toHaveCount(0);

  // A selection's bar hides neither the header nor the first row.
  await rows.first().click({ button: 'right' });
  await expect(page.getByRole('menu', { name: 'Acciones del dispositivo' })).toBeVisible();
  await page.keyboard.press('Escape');
  const bar = page.locator('[data-test="bulk-actions-toolbar"]');
  await expect(bar).toBeVisible();
  const barBox = (await bar.boundingBox())!;
  const headBox = (await page.locator('thead').boundingBox())!;
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(headBox.y + 1);
  await shoot(page, 'devicelist-selected-es-1280');
  await page.keyboard.press('Escape');
  await leaveOnHome(page);
});

test('on a phone each device is a card: a tap opens it, its menu button offers the row actions', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto('/app/devicelist');
  const cards = page.getByRole('list', { name: 'Dispositivos' }).getByRole('listitem');
  await expect(cards.nth(5)).toBeVisible();
  await expect(page.locator('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const card = cards.first();
  const mid = (await card.locator('[title]').first().getAttribute('title'))!;
  expect(mid.length).toBeGreaterThan(0);
  await expect(card.getByText('Plataforma')).toBeVisible();

  // The menu button: the actions of a right-click, on this device.
  await card.getByRole('button', { name: `Acciones de «${mid}»` }).click();
  const menu = page.getByRole('menu', { name: 'Acciones del dispositivo' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Desactivar', exact: true })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Comandos' })).toBeVisible();
  await shoot(page, 'devicelist-card-menu-es-390');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // The grouped command menu and a wipe's typed confirmation fit a phone, in both languages.
  for (const language of ['es', 'en'] as const) {
    const es = language === 'es';
    await chooseLanguage(page, language);
    await page.goto('/app/devicelist');
    const listed = page.getByRole('list', { name: es ? 'Dispositivos' : 'Devices' });
    await listed
      .getByRole('listitem')
      .filter({ hasText: mid })
      .getByRole('button', { name: es ? `Acciones de «${mid}»` : `Actions on “${mid}”` })
      .click();
    await page.getByRole('menuitem', { name: es ? 'Comandos' : 'Commands', exact: true }).click();
    const commands = page.getByRole('menu', { name: es ? 'Comandos' : 'Commands' });
    await expect(commands.getByText(es ? 'Información' : 'Information')).toBeVisible();
    await shoot(page, `command-menu-${language}-390`);
    const wipe = es ? 'Borrar dispositivo' : 'Wipe device';
    await commands.getByRole('menuitem', { name: wipe }).click();
    const asked = page.getByRole('dialog', { name: wipe });
    await expect(asked.getByTestId('typed-confirmation')).toBeVisible();
    // Once the menus it came from have closed (their exit reaches past the window a moment).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await shoot(page, `wipe-confirmation-${language}-390`);
    await asked
      .getByRole('button', { name: es ? 'Cancelar' : 'Cancel' })
      .first()
      .click();
    await expect(asked).toBeHidden();
  }
  await chooseLanguage(page, 'es');
  await page.goto('/app/devicelist');

  // A tap opens the device.
  await card.getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(mid);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await leaveOnHome(page);
});

test('the device list and two other declared lists at 1280 and 390 px, in both languages', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  const lists = [
    { path: '/app/devicelist', name: 'devicelist', es: 'Dispositivos', en: 'Devices' },
    { path: '/app/users', name: 'users', es: 'Usuarios', en: 'Users' },
    { path: '/app/actions', name: 'actions', es: 'Registro de acciones', en: 'Actions log' },
  ];
  for (const language of ['es', 'en'] as const) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await chooseLanguage(page, language);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      for (const list of lists) {
        await page.goto(list.path);
        if (width > 500) await expect(page.locator('tbody tr').first()).toBeVisible();
        else await expect(page.getByRole('listitem').first()).toBeVisible();
        const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scroll, `${list.path} at ${width}`).toBeLessThanOrEqual(width);
        await shoot(page, `${list.name}-${language}-${width}`);
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

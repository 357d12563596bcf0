// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { PLATFORM_LABELS, type PlatformName } from '../../protocol/devices';
import type { FleetSummaryResponse } from '../../protocol/fleet';
import { expectAccessible } from './axe';
import { startFleet, type SimulatedFleet } from './fleet';
import { chooseLanguage, demoUsers, leaveOnHome, signIn, storedAccessToken } from './support';

const DEVICES = 6;
let fleet: SimulatedFleet | undefined;

test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, DEVICES);
});
test.afterAll(async () => {
  await fleet?.stop();
});

/** An operation called with the signed-in page's token, answered as its envelope. */
async function call(page: Page, operation: string, parameter: Record<string, unknown>) {
  const stored = await storedAccessToken(page);
  const response = await page.request.post('/api/services', {
    headers: { authorization: `Bearer ${stored!.token}` },
    data: { operation, parameter },
  });
  return response.json();
}

/** The figures the server gives the signed-in page now (other specs may have enrolled more). */
async function serverFigures(page: Page, database: number): Promise<FleetSummaryResponse> {
  const body = await call(page, 'fleetSummary', { database });
  expect(body.error.code).toBe('0');
  return body.result;
}

/** A device connected now, as the device list's fleet filter finds it. */
async function onlineMid(page: Page, database: number): Promise<string> {
  const body = await call(page, 'devicesWithPages', {
    database,
    fleet: 'online',
    datatable: { start: 0, length: 1 },
  });
  expect(body.error.code).toBe('0');
  return body.result.data[0].MID;
}

const figure = (page: Page, name: string) => page.locator(`a[data-figure="${name}"]`);
const shots = process.env.SCREENSHOTS_DIR;

test('the home page shows the fleet, and a figure opens the device list narrowed to it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto('/app/home');

  const fleetSection = page.getByRole('region', { name: 'Su flota' });
  await expect(fleetSection).toBeVisible();
  await expect(figure(page, 'online')).toBeVisible();
  const href = (await figure(page, 'total').getAttribute('href'))!;
  const database = Number(new URL(href, E2E.main.url).searchParams.get('database'));
  // The simulated devices hold their sockets open: at least they are online.
  await expect(async () => {
    const figures = await serverFigures(page, database);
    expect(figures.online).toBeGreaterThanOrEqual(DEVICES);
    await page.reload();
    await expect(figure(page, 'online')).toContainText(String(figures.online), { timeout: 3000 });
    await expect(figure(page, 'total')).toContainText(String(figures.total));
  }).toPass({ timeout: 30_000 });
  const figures = await serverFigures(page, database);

  // Platforms by their names, never their codes.
  const platforms = page.getByRole('region', { name: 'Por plataforma' });
  await expect(platforms.getByRole('img', { name: /dispositivos por plataforma/ })).toBeVisible();
  await expect(platforms.locator('[data-bar]').first()).toBeVisible();
  await expect(platforms).not.toContainText(/ANDROID|IPHONE|WINDOWS32|MOVILCOMPLUS/);
  await expect(page.getByRole('region', { name: 'Errores recientes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Comandos recientes' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notificaciones' })).toBeVisible();
  await expectAccessible(page, 'home es');
  await page.waitForTimeout(800); // the bars' animation
  if (shots) await page.screenshot({ path: `${shots}/home-es-1280.png`, fullPage: true });

  // "En línea ahora" lands on the device list with that filter set, showing those devices.
  await figure(page, 'online').click();
  await expect(page).toHaveURL(/\/app\/devicelist\?database=\d+&filter=/);
  await expect(page.getByRole('combobox', { name: /^Conexión( |$)/ })).toContainText('En línea');
  const rows = page.locator('tbody tr[data-estado]');
  await expect(rows.first()).toBeVisible();
  const online = await serverFigures(page, database);
  await expect(page.getByText(new RegExp(`de ${online.online}$`)).first()).toBeVisible();
  expect(figures.online).toBeGreaterThanOrEqual(DEVICES);
  if (shots) await page.screenshot({ path: `${shots}/home-link-devicelist-es-1280.png` });

  // A command sent to a device shows among the recent ones, and its MID opens that device.
  const mid = await onlineMid(page, database);
  const sent = await call(page, 'sendCommand', { database, cmd: 'ping', dest: [mid], wait: true });
  expect(sent.error.code).toBe('0');
  await page.goto('/app/home');
  const commands = page.getByRole('region', { name: 'Comandos recientes' });
  await expect(commands).toContainText('Ping · ejecutado');
  await commands.getByRole('link', { name: mid }).first().click();
  await expect(page).toHaveURL(/\/app\/devicelist\?database=\d+&filter=.*MID/);
  await expect(page.locator('tbody tr[data-estado]')).toHaveCount(1);
  await expect(page.locator('tbody tr[data-estado]').first()).toContainText(mid);
  if (shots) await page.screenshot({ path: `${shots}/home-link-device-es-1280.png` });

  // A platform of the list beside the chart opens that platform's devices.
  await page.goto('/app/home');
  const first = figures.platforms.find((row) => row.platform !== null)!;
  const label = PLATFORM_LABELS[first.platform as PlatformName].es;
  await platforms.getByRole('link', { name: `${label}: ${first.devices}` }).click();
  await expect(page).toHaveURL(new RegExp(`platform%22%3A%22${first.platform}`));
  await expect(page.getByRole('combobox', { name: /Plataforma/ })).toContainText(label);
  await expect(page.getByText(new RegExp(`de ${first.devices}$`)).first()).toBeVisible();

  // English, and a phone's width.
  await chooseLanguage(page, 'en');
  await page.goto('/app/home');
  await expect(page.getByRole('region', { name: 'Your fleet' })).toBeVisible();
  await expect(figure(page, 'online')).toContainText('Online now');
  await expect(
    page.getByRole('region', { name: 'By platform' }).locator('[data-bar]').first(),
  ).toBeVisible();
  await page.waitForTimeout(800);
  if (shots) await page.screenshot({ path: `${shots}/home-en-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(1000);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  if (shots) await page.screenshot({ path: `${shots}/home-en-375.png`, fullPage: true });
  // The language menu is the wide top bar's: back to it to choose Spanish.
  await page.setViewportSize({ width: 1280, height: 900 });
  await chooseLanguage(page, 'es');
  await page.goto('/app/home');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(figure(page, 'online')).toContainText('En línea ahora');
  await page.waitForTimeout(1000);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (shots) await page.screenshot({ path: `${shots}/home-es-375.png`, fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await leaveOnHome(page);
});

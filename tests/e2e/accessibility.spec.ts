import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { seriousViolations } from './axe';
import { startFleet, type SimulatedFleet } from './fleet';
import { SCREEN_PATHS } from './screenPaths';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

/**
 * axe-core over every screen of the console and the device dialog's tabs, in Spanish and
 * English: no serious or critical violation (issue 17, accessibility).
 */
const screens = ['/app/home', ...SCREEN_PATHS, '/app/users/create'];

let fleet: SimulatedFleet | undefined;
test.beforeAll(async () => {
  // A few enrolled devices, so that the device dialog has one to open.
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 3);
});
test.afterAll(async () => {
  await fleet?.stop();
});

test('every screen and the device dialog pass axe-core in Spanish and English', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  const found: string[] = (await seriousViolations(page)).map((v) => `sign-in: ${v}`);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).superadmin);
  for (const language of ['es', 'en'] as const) {
    await chooseLanguage(page, language);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.locator('#main-content')).toBeVisible();
      await page.waitForTimeout(800);
      for (const v of await seriousViolations(page)) found.push(`${path} ${language}: ${v}`);
    }
    // The device dialog, the largest one, on its first device.
    await page.goto('/app/devicelist');
    const row = page.locator('tbody tr[data-estado]').first();
    await expect(row).toBeVisible();
    await row.dblclick();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('tab').first()).toBeVisible();
    await page.waitForTimeout(400);
    for (const tab of await dialog.getByRole('tab').all()) {
      await tab.click();
      await page.waitForTimeout(300);
      const name = (await tab.textContent()) ?? '';
      for (const v of await seriousViolations(page, '[role="dialog"]'))
        found.push(`device dialog ${name} ${language}: ${v}`);
    }
    await dialog
      .getByRole('button', { name: language === 'es' ? 'Cerrar' : 'Close' })
      .first()
      .click();
    await expect(dialog).toBeHidden();
  }
  // Leave the account as the next tests expect it: in Spanish, on the home screen.
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
  expect(found, found.join('\n')).toEqual([]);
});

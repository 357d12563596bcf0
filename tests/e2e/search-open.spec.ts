// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet } from './fleet';
import { patientLanguage, patientSignIn } from './patientSignIn';
import { shootAt } from './shotsAt';
import { demoProject, demoUsers, leaveOnHome } from './support';

/**
 * Issue 33, point 14: a click on a global search result opens the device where it is worked on,
 * the device dialog of its project's device list (that project becoming the current one), not a
 * read-only view; Back returns to the search.
 */
test('a search result opens its device in its project’s device list', async ({ page }) => {
  test.setTimeout(240_000);
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 2);
  await fleet.stop();
  await page.setViewportSize({ width: 1280, height: 800 });
  await patientSignIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await patientLanguage(page, 'es');
  await page.goto('/app/server/search');
  const row = page.locator('tbody tr[data-colour]').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const header = page.getByRole('columnheader');
  const column = async (name: string) =>
    (await header.allTextContents()).findIndex((text) => text.trim() === name);
  const mid = (await row
    .locator('td')
    .nth(await column('MID'))
    .textContent())!.trim();
  await page.getByPlaceholder('Buscar por MID o propietario').fill(mid);
  await expect(page.locator('tbody tr[data-colour]')).toHaveCount(1);
  await shootAt(page, 'search-es');

  // A click on the row (its owner's cell, nowhere near the row's button).
  await row
    .locator('td')
    .nth(await column('Propietario'))
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/app/devicelist\\?database=${demoProject()}&filter=.+&device=\\d+$`),
  );
  const dialog = page.getByRole('dialog');
  // The list and the dialog's code load now: slow on a loaded machine.
  await expect(dialog).toContainText(mid, { timeout: 60_000 });
  // Where it is worked on: its tabs and the Editar button, over the list narrowed to it.
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Editar' })).toBeVisible();
  await shootAt(page, 'search-opened-es');
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/device=/);
  await expect(page.locator('tbody tr', { hasText: mid })).toHaveCount(1);

  // Back returns to the search.
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/server\/search/);

  await patientLanguage(page, 'en');
  await page.goto('/app/server/search');
  await page.getByPlaceholder('Search by MID or owner').fill(mid);
  await expect(page.locator('tbody tr[data-colour]')).toHaveCount(1);
  await shootAt(page, 'search-en');
  await page.getByRole('button', { name: `Open device ${mid}` }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Edit' })).toBeVisible({
    timeout: 60_000,
  });
  await shootAt(page, 'search-opened-en');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
  await patientLanguage(page, 'es');
  await leaveOnHome(page);
});

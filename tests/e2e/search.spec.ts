// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet, type SimulatedFleet } from './fleet';
import { chooseLanguage, demoUsers, signIn } from './support';

/**
 * The global device search (/app/server/search), a declared list: the devices of every project
 * (the demo's and an enrolled fleet's) with their platform and sync state by their labels, MIDs and e-mails on one line (issue 17,
 * defect 6), the search box, and a row's device opened in the device dialog.
 */
let fleet: SimulatedFleet | undefined;
test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 3);
});
test.afterAll(async () => {
  await fleet?.stop();
});

test('finds the fleet’s devices and opens one in the device dialog', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).superadmin);
  await chooseLanguage(page, 'es');
  await page.goto('/app/server/search');

  // Newest sync first, never-synced devices before them; the row's colour said in words too.
  const row = page.locator('tbody tr[data-colour]').first();
  await expect(row).toBeVisible();
  const colour = await row.getAttribute('data-colour');
  await expect(row).toContainText(colour === 'green' ? 'Sincronizado hoy' : 'Sin sincronizar hoy');
  // Codes by their labels: never ANDROID or IPHONE.
  await expect(page.locator('tbody')).not.toContainText(/ANDROID|IPHONE/);
  const header = page.getByRole('columnheader');
  const column = async (name: string) =>
    (await header.allTextContents()).findIndex((text) => text.trim() === name);
  const midCell = row.locator('td').nth(await column('MID'));
  const mid = (await midCell.textContent())!.trim();
  expect(mid).not.toBe('');
  for (const name of ['MID', 'Correo electrónico']) {
    const cell = row.locator('td').nth(await column(name));
    // Every cell is on one line (issue 33): the cell's own line, inside the table cell.
    expect(
      await cell
        .locator('span')
        .first()
        .evaluate((line) => getComputedStyle(line).whiteSpace),
      name,
    ).toBe('nowrap');
  }

  // The search box narrows the list to that device.
  await page.getByPlaceholder('Buscar por MID o propietario').fill(mid);
  await expect(page.locator('tbody tr[data-colour]')).toHaveCount(1);

  await page.getByRole('button', { name: `Abrir el dispositivo ${mid}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  await expect(dialog).toContainText(mid);
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
  await expect(dialog).toBeHidden();
});

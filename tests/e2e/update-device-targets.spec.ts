// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { startFleet } from './fleet';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

test("a licence update's devices are ticked in the group editor's picker and shown as chips", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 4);
  await fleet.stop();
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto(`/app/updates?database=${demoProject()}`);
  await page.getByRole('button', { name: 'Nueva actualización' }).click({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Tipo de actualización' }).click();
  await page.getByRole('option', { name: 'Licencia' }).click();
  await page.getByRole('button', { name: 'Elegir dispositivos' }).click();

  const picker = page.getByRole('table', { name: 'Dispositivos de la actualización' });
  const boxes = picker.getByRole('checkbox', { name: /^Incluir .+ en el grupo$/ });
  await expect(boxes.first()).toBeVisible();
  expect(await boxes.count()).toBeLessThanOrEqual(10);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const chosen = page.getByRole('heading', { name: /^Dispositivos \(/ });
  await expect(chosen).toContainText('(2 dispositivos');
  // A chip's delete takes the device out, and its tick with it.
  const mid = (await picker.locator('tbody tr').first().locator('td').first().innerText()).trim();
  await page.getByTitle(`Quitar ${mid}`).locator('.MuiChip-deleteIcon').click();
  await expect(chosen).toContainText('(1 dispositivo');
  await expect(boxes.nth(0)).not.toBeChecked();
  await expectAccessible(page, 'update device targets');
  await picker.scrollIntoViewIfNeeded();
  await shoot(page, 'update-targets-es', { sideways: true });

  // The app bar hides while the page is scrolled down.
  await page.evaluate(() => window.scrollTo(0, 0));
  await chooseLanguage(page, 'en');
  // The form has its own address (issue 33): back to the overview, and a new one, in English.
  await page.goto(`/app/updates?database=${demoProject()}`);
  await page.getByRole('button', { name: 'New update' }).click({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Update type' }).click();
  await page.getByRole('option', { name: 'Licence' }).click();
  await page.getByRole('button', { name: 'Choose devices' }).click();
  const english = page.getByRole('table', { name: 'Devices of the update' });
  await english
    .getByRole('checkbox', { name: /^Include .+ in the group$/ })
    .first()
    .check();
  await english.scrollIntoViewIfNeeded();
  await shoot(page, 'update-targets-en', { sideways: true });
  await leaveOnHome(page);
});

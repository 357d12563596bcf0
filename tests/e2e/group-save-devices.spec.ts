// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { deviceListAddress, oneDeviceFilter } from '../../protocol/fleet';
import { startFleet } from './fleet';
import { patientLanguage, patientSignIn } from './patientSignIn';
import { shootAt } from './shotsAt';
import { demoProject, demoUsers, leaveOnHome } from './support';

/**
 * Issue 33, point 12: a group saved is on its devices at once (their "Grupo"), and may be
 * provisioned, with no "Sincronizar grupos" between.
 */
test('a new group names its devices as soon as it is saved', async ({ page }) => {
  test.setTimeout(240_000);
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 4);
  await fleet.stop();
  const database = demoProject();

  await patientSignIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await patientLanguage(page, 'es');
  await page.goto(`/app/setting/group?database=${database}`);
  await expect(page.getByRole('tab', { name: 'Grupos' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Crear' }).click();
  const editor = page.getByRole('dialog', { name: 'Alta de grupo' });
  await editor.getByRole('textbox', { name: 'Nombre' }).fill('Ruta Oeste');
  await editor.getByRole('textbox', { name: 'Descripción' }).fill('Sin sincronizar a mano');
  await editor.getByRole('combobox', { name: 'Plataforma' }).click();
  await page.getByRole('option', { name: 'Android' }).click();
  const picker = editor.getByRole('table', { name: 'Añadir dispositivos' });
  await expect(picker.locator('tbody tr').first()).toContainText('Android');
  await expect(picker.locator('tbody tr', { hasNotText: 'Android' })).toHaveCount(0);
  await picker
    .getByRole('checkbox', { name: /^Incluir .+ en el grupo$/ })
    .first()
    .check();
  const members = editor.getByRole('table', { name: 'Dispositivos del grupo (1)' });
  await expect(members).toBeVisible();
  const label = await picker
    .getByRole('checkbox', { name: /^Incluir .+ en el grupo$/ })
    .first()
    .getAttribute('aria-label');
  const mid = /^Incluir (.+) en el grupo$/.exec(label ?? '')![1];
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Grupo guardado')).toBeVisible();

  // No "Sincronizar grupos": the group provisions (its model was made by the save)…
  await page.getByRole('button', { name: 'Provisionar el grupo Ruta Oeste' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Provisionar' }).click();
  await expect(page.getByText('Provisión correcta')).toBeVisible();

  // …and its device names it in the device list's dialog.
  await page.goto(deviceListAddress(database, oneDeviceFilter(mid)));
  const row = page.locator('tbody tr', { hasText: mid });
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  await row.dblclick();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('textbox', { name: 'Grupo', exact: true })).toHaveValue(
    'Ruta Oeste',
    { timeout: 60_000 },
  );
  await shootAt(page, 'group-on-device-es');
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

  await patientLanguage(page, 'en');
  await page.goto(deviceListAddress(database, oneDeviceFilter(mid)));
  await expect(page.locator('tbody tr', { hasText: mid })).toHaveCount(1, { timeout: 60_000 });
  await page.locator('tbody tr', { hasText: mid }).dblclick();
  await expect(
    page.getByRole('dialog').getByRole('textbox', { name: 'Group', exact: true }),
  ).toHaveValue('Ruta Oeste', { timeout: 60_000 });
  await shootAt(page, 'group-on-device-en');
  await patientLanguage(page, 'es');
  await leaveOnHome(page);
});

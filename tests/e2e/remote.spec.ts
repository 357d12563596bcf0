import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet, type SimulatedFleet, fleetDevices } from './fleet';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

let fleet: SimulatedFleet | undefined;

test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 10);
});

test.afterAll(async () => {
  await fleet?.stop();
});

/** A MID of the simulated fleet, from the simulator's own credentials file. */
function simulatedMid(index: number): string {
  return fleetDevices(E2E.main.dataDir)[index].mid;
}

test('an operator locks a device, asks for its logs and reads the errors of one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const mid = simulatedMid(3);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Dispositivos', exact: true }).click();
  const row = page.locator('tbody tr[data-estado]', { hasText: mid });
  await expect(row).toBeVisible();
  await row.dblclick();
  const editor = page.getByRole('dialog');
  await editor.getByRole('tab', { name: 'Ajustes' }).click();

  // Lock, through the same command dialog and workers as the list.
  await editor.getByRole('button', { name: 'Bloquear', exact: true }).click();
  const command = page.getByRole('dialog', { name: 'Bloquear' });
  // A destructive command: confirmed by typing the device's MID.
  await command.getByTestId('typed-confirmation').fill(mid);
  await command.getByRole('button', { name: 'Enviar' }).click();
  await expect(command.getByText('ejecutado', { exact: true })).toBeVisible({ timeout: 15_000 });
  await command.getByRole('button', { name: 'Cerrar' }).click();
  await expect(command).toBeHidden();

  // Logs: the device uploads them; the list of its files (a declared list) shows the new ones.
  await editor.getByRole('tab', { name: 'Soporte' }).click();
  const deviceLogs = editor.getByRole('region', { name: 'Ficheros de soporte' });
  await expect(deviceLogs.getByText('Todavía no hay nada en Ficheros de soporte.')).toBeVisible();
  await editor.getByRole('button', { name: 'Pedir registros' }).click();
  const viewButton = deviceLogs.getByRole('button', { name: /^Ver registro / }).first();
  await expect(viewButton).toBeVisible({ timeout: 30_000 });
  await viewButton.click();

  const viewer = page.getByRole('dialog', { name: /^Registro / });
  const text = viewer.locator('pre');
  await expect(text).toContainText('INFO');
  await viewer.getByRole('button', { name: 'Errores' }).click();
  await expect(text).not.toContainText('INFO');
  const lines = (await text.innerText()).split('\n').filter(Boolean);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) expect(line).toMatch(/\b(ERROR|FATAL)\b|Exception/);
  await viewer.getByRole('button', { name: 'Cerrar' }).click();
  await expect(viewer).toBeHidden();

  // The same log, downloaded as a file; and the screenshot the device sent with it.
  const downloading = page.waitForEvent('download');
  await deviceLogs
    .getByRole('button', { name: /^Descargar device-/ })
    .first()
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^device-.*\.log$/);
  expect(fs.readFileSync((await download.path())!, 'utf8')).toContain('INFO');
  await deviceLogs
    .getByRole('button', { name: /^Ver imagen / })
    .first()
    .click();
  const image = page.getByRole('dialog', { name: /^Captura / });
  await expect(image.locator('img')).toBeVisible();
  expect(
    await image.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  await image.getByRole('button', { name: 'Cerrar' }).click();
  await leaveOnHome(page);
});

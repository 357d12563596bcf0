import { expect as expectNow, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { apkFixture } from '../support/apk-fixture';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * The simple kiosk (/app/kiosk, docs/kiosk.md): an administrator uploads an APK, whose manifest
 * the server reads, adds a system app, and configures the kiosk: password, launch-on-boot app,
 * wifis and the enrolment QR code.
 */
test('an administrator builds a simple kiosk with an uploaded APK', async ({ page }) => {
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Kiosco', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/kiosk/);

  // A new app from an APK: package, version and size are read from it by the server.
  await page.getByRole('button', { name: 'Crear' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Nueva aplicación del kiosco')).toBeVisible();
  await dialog.getByTestId('apk-input').setInputFiles({
    name: 'tienda.apk',
    mimeType: 'application/vnd.android.package-archive',
    buffer: apkFixture({
      package: 'com.example.tienda',
      versionName: '2.4.1',
      versionCode: 241,
      minSdk: 26,
    }),
  });
  await expect(dialog.getByTestId('apk-read')).toContainText(
    'com.example.tienda · versión 2.4.1 (código 241) · SDK mínimo 26',
  );
  await expect(dialog.getByLabel('Paquete')).toHaveValue('com.example.tienda');
  await expect(dialog.getByLabel('Paquete')).toBeDisabled();
  await dialog.getByLabel('Nombre').fill('Tienda');
  await shootAt(page, 'kiosk-app-editor');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Actualizado correctamente')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /com\.example\.tienda/ });
  await expect(row).toContainText('tienda.apk');
  await expect(row).toContainText('2.4.1');

  // A file that is not an APK is refused with the specification's text.
  await page.getByRole('button', { name: 'Crear' }).click();
  await dialog.getByTestId('apk-input').setInputFiles({
    name: 'nota.apk',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('no soy un apk'),
  });
  await expect(dialog.getByText(/^Error al subir app: El archivo no es un APK/)).toBeVisible();
  // A system app: no APK, its package typed; ticking Uninstall clears Whitelist.
  await dialog.getByLabel('Nombre').fill('Ajustes');
  await dialog.getByLabel('Paquete').fill('com.android.settings');
  await expect(dialog.getByRole('checkbox', { name: 'Lista blanca' })).toBeChecked();
  await dialog.getByRole('checkbox', { name: 'Desinstalar' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Lista blanca' })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const settings = page.getByRole('row', { name: /com\.android\.settings/ });
  await expect(settings).toBeVisible();
  // Editing an app without URL skips the APK.
  await settings.getByText('Ajustes').click();
  await expect(dialog.getByText('Aplicación del sistema: no tiene APK que cambiar.')).toBeVisible();
  await expect(dialog.getByTestId('apk-input')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await shootAt(page, 'kiosk-list');

  // The kiosk configuration: password, launch-on-boot app, wifis, the QR code.
  await page.getByRole('button', { name: 'Configurar kiosco' }).click();
  const config = page.getByRole('dialog');
  await expect(config.getByText('Configuración del kiosco')).toBeVisible();
  await config.getByRole('button', { name: 'Guardar' }).click();
  await expect(config.getByText('Escriba la contraseña del kiosco.')).toBeVisible();
  await config.getByLabel('Contraseña del kiosco').fill('1234');
  await config.getByLabel('Aplicación al arrancar').click();
  await page.getByRole('option', { name: 'Tienda (com.example.tienda)' }).click();
  const add = config.getByRole('button', { name: 'Añadir wifi' });
  await config.getByLabel('SSID').fill('Oficina');
  await expect(add).toBeDisabled();
  await config.getByLabel('Contraseña', { exact: true }).fill('secreta1');
  await config.getByLabel('Seguridad').click();
  await page.getByRole('option', { name: 'WPA' }).click();
  await add.click();
  await expect(config.getByRole('list', { name: 'Redes wifi' })).toContainText('Oficina');
  await config.getByLabel('SSID').fill('Oficina');
  await expect(config.getByText('La wifi «Oficina» ya está en la lista.')).toBeVisible();
  await config.getByLabel('SSID').fill('');
  await config.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Actualizado correctamente')).toBeVisible();
  const qr = config.getByRole('img', { name: 'Código QR de alta' });
  await expect(qr).toBeVisible();
  // The PNG itself is 400 × 400 (002 §9).
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]))
    .toEqual([400, 400]);
  const png = page.waitForEvent('download');
  await config.getByRole('button', { name: 'Descargar PNG' }).click();
  expect((await png).suggestedFilename()).toBe('kiosk-qr.png');
  const svg = page.waitForEvent('download');
  await config.getByRole('button', { name: 'Descargar SVG' }).click();
  expect((await svg).suggestedFilename()).toBe('kiosk-qr.svg');
  await shootAt(page, 'kiosk-config');
  await config.getByRole('button', { name: 'Cerrar' }).click();

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('columnheader', { name: 'Whitelist' })).toBeVisible();
  await shootAt(page, 'kiosk-list-en');
  await page.getByRole('button', { name: 'Configure kiosk' }).click();
  await expect(page.getByRole('dialog').getByLabel('Kiosk password')).toHaveValue('1234');
  await expect(page.getByRole('dialog').getByText('Oficina')).toBeVisible();
  await shootAt(page, 'kiosk-config-en');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('row', { name: /com\.example\.tienda/ })
    .getByText('Tienda', { exact: true })
    .click();
  await expect(page.getByRole('dialog').getByTestId('apk-read')).toContainText('version 2.4.1');
  await shootAt(page, 'kiosk-app-editor-en');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

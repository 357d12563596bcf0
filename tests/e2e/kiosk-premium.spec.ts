import { expect as expectNow, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { chooseLanguage, leaveOnHome, demoUsers, signIn } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * The premium kiosk page (/app/kioskpremium, docs/kiosk.md "The premium kiosk"): the demo
 * administrator enables the company's premium kiosk if it is off, creates a profile, a system app
 * and a wifi, links the app and the wifi to the profile and sees them listed under it.
 */
test('an administrator builds a premium kiosk profile with an app and a wifi', async ({ page }) => {
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Kiosco premium' }).click();
  await expect(page).toHaveURL(/\/app\/kioskpremium/);

  const enable = page.getByRole('button', { name: 'Activar kiosco premium' });
  const tabs = page.getByRole('tab', { name: 'Perfiles' });
  await expect(enable.or(tabs)).toBeVisible();
  if (await enable.isVisible()) {
    await expect(page.getByText(/La empresa no tiene kiosco premium/)).toBeVisible();
    await shootAt(page, 'kioskpremium-off');
    await enable.click();
  }
  await expect(tabs).toHaveAttribute('aria-selected', 'true');

  // A profile, with the engine's create form.
  const dialog = page.getByRole('dialog');
  const profiles = page.getByRole('region', { name: 'Perfiles de kiosco' });
  await profiles.getByRole('button', { name: 'Crear' }).first().click();
  await dialog.getByLabel('Nombre').fill('Tiendas');
  await dialog.getByLabel(/^Contraseña\s*\*?$/).fill('1234');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(profiles.getByRole('row', { name: /Tiendas/ })).toBeVisible();

  // A system app in the Aplicaciones tab (the simple kiosk's editor).
  await page.getByRole('tab', { name: 'Aplicaciones' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Crear' }).first().click();
  await dialog.getByLabel('Nombre').fill('Navegador');
  await dialog.getByLabel('Paquete').fill('com.android.chrome');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /com\.android\.chrome/ })).toBeVisible();

  // A wifi in the Wifis tab.
  await page.getByRole('tab', { name: 'Wifis' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Crear' }).first().click();
  await dialog.getByLabel('SSID').fill('Tienda-5G');
  await dialog.getByLabel('Contraseña').fill('clave-segura');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Tienda-5G/ })).toBeVisible();
  await page.getByRole('tab', { name: 'Dispositivos' }).click();
  await expect(page.getByRole('region', { name: 'Dispositivos del kiosco' })).toBeVisible();

  // The profile's configuration: its apps and wifis, added as links.
  await page.getByRole('tab', { name: 'Perfiles' }).click();
  await page.getByRole('combobox', { name: 'Perfil' }).click();
  await page.getByRole('option', { name: 'Tiendas' }).click();
  const apps = page.getByRole('region', { name: 'Aplicaciones del perfil «Tiendas»' });
  await apps.getByRole('button', { name: 'Crear' }).first().click();
  // The form starts with the chosen profile.
  await expect(dialog.getByRole('combobox', { name: 'Perfil' })).toHaveValue('Tiendas');
  await pick(dialog, 'Aplicación', 'Navegador');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(apps.getByRole('row', { name: /Navegador/ })).toBeVisible();

  const wifis = page.getByRole('region', { name: 'Wifis del perfil «Tiendas»' });
  await wifis.getByRole('button', { name: 'Crear' }).first().click();
  await expect(dialog.getByRole('combobox', { name: 'Perfil' })).toHaveValue('Tiendas');
  await pick(dialog, 'Wifi', 'Tienda-5G');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(wifis.getByRole('row', { name: /Tienda-5G/ })).toBeVisible();

  await expectAccessible(page, 'premium kiosk, profile chosen');
  await shootAt(page, 'kioskpremium-es');
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('tab', { name: 'Profiles' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Apps of profile “Tiendas”' })).toBeVisible();
  await shootAt(page, 'kioskpremium-en');
  // Leave the account as the next tests expect it: in Spanish, on the home screen.
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

/** Chooses `option` in the dialog's autocomplete `label` (a reference field). */
async function pick(
  dialog: ReturnType<import('@playwright/test').Page['getByRole']>,
  label: string,
  option: string,
) {
  await dialog.getByRole('combobox', { name: label }).click();
  await dialog.page().getByRole('option', { name: option }).click();
}

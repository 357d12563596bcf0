import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { chooseLanguage, demoUsers, leaveOnHome, signIn, storedAccessToken } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * MDM policies (issue 36, docs/mdm.md): an administrator creates an Android policy in the list,
 * opens its editor, changes a setting in the form and another in the JSON, and sees the versions
 * and the diff between them; in English too.
 */

/** Replaces Monaco's text by pasting it (typed text meets the auto-closed quotes half-way). */
async function pasteInEditor(page: Page, text: string) {
  const editor = page.locator('.monaco-editor').first();
  await expect(editor).toBeVisible();
  await expect(async () => {
    await page.keyboard.press('Escape');
    await editor.locator('.view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await expect(editor.locator('.view-line')).toHaveCount(1, { timeout: 1000 });
    await expect(editor.locator('.view-line')).toHaveText(/^\s*$/, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), text);
  await page.keyboard.press('ControlOrMeta+V');
  await expect(editor.locator('.view-lines')).toHaveText(text);
  await page.keyboard.press('Escape');
}

async function deletePolicy(page: Page, id: number) {
  const stored = await storedAccessToken(page);
  const response = await page.request.post(`${E2E.main.url}/api/services`, {
    headers: { authorization: `Bearer ${stored!.token}` },
    data: { operation: 'mdmPoliciesDelete', parameter: { id } },
  });
  expect((await response.json()).error.code).toBe('0');
}

test('an administrator creates a policy, edits it in the form and in JSON, and sees the versions and their diff', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Políticas MDM' }).click();
  await expect(page).toHaveURL(/\/app\/mdmpolicies$/);

  await page.getByRole('button', { name: 'Crear' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill('Teléfonos de reparto');
  await dialog.getByLabel('Descripción').fill('Android totalmente gestionado');
  await shootAt(page, 'mdm-policy-create-es');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Teléfonos de reparto/ });
  await expect(row).toContainText('Android');
  await shootAt(page, 'mdm-policies-es');

  await row.getByText('Teléfonos de reparto').click();
  await expect(page).toHaveURL(/\/app\/mdmpoliciesedit\?policyid=\d+/);
  const id = Number(new URL(page.url()).searchParams.get('policyid'));
  try {
    await expect(
      page.getByRole('heading', { level: 1, name: 'Política MDM «Teléfonos de reparto»' }),
    ).toBeAttached();
    await expect(page.getByText('Versión 1', { exact: true })).toBeVisible();

    // A setting in the form: the camera, written to the document's cameraDisabled.
    await expect(page.getByText('En el documento: cameraDisabled')).toBeVisible();
    await page.getByLabel('Cámara desactivada').check();
    await page.getByLabel('Longitud mínima de la contraseña').fill('6');
    await expect(page.getByText('Hay cambios sin guardar.')).toBeVisible();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Política guardada (versión 2).')).toBeVisible();
    await expect(page.getByText('Versión 2', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Cámara desactivada')).toBeChecked();
    await shootAt(page, 'mdm-policy-settings-es');

    // A setting in the JSON: a wrong one is shown by its name before anything is sent.
    await page.getByRole('tab', { name: 'JSON' }).click();
    await expect(page.locator('.monaco-editor .view-lines')).toContainText(
      '"cameraDisabled": true',
    );
    await pasteInEditor(page, '{"cameraDisabled": true, "screenCaptureDisabled": "sí"}');
    await expect(
      page.getByText(
        '«screenCaptureDisabled» (Capturas de pantalla desactivadas) debe ser sí o no (true o false)',
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    await pasteInEditor(
      page,
      '{"cameraDisabled": true, "screenCaptureDisabled": true, "passwordPolicies": [{"passwordMinimumLength": 6}]}',
    );
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Política guardada (versión 3).')).toBeVisible();
    await shootAt(page, 'mdm-policy-json-es');

    // The versions, newest first, and what changed between two of them.
    await page.getByRole('tab', { name: 'Versiones' }).click();
    const versions = page.getByRole('table', { name: 'Versiones' });
    await expect(versions.getByRole('row')).toHaveCount(4);
    await expect(page.getByText('Cambios de la versión 2 a la 3')).toBeVisible();
    const diff = page.getByRole('table', { name: /Cambios de la versión/ });
    await expect(diff.getByRole('row', { name: /screenCaptureDisabled/ })).toContainText(
      '(sin definir)',
    );
    await expect(diff.getByRole('row', { name: /cameraDisabled/ })).toHaveCount(0);
    await page.getByLabel('Desde la versión').click();
    await page.getByRole('option', { name: '1', exact: true }).click();
    await expect(page.getByText('Cambios de la versión 1 a la 3')).toBeVisible();
    await expect(diff.getByRole('row', { name: /cameraDisabled/ })).toContainText('Añadido');
    await expect(diff.getByRole('row', { name: /passwordMinimumLength/ })).toContainText('6');
    await shootAt(page, 'mdm-policy-versions-es');

    // In English.
    await chooseLanguage(page, 'en');
    await page.goto(`/app/mdmpoliciesedit?policyid=${id}`);
    await expect(page.getByText('Version 3', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Camera disabled')).toBeChecked();
    await shootAt(page, 'mdm-policy-settings-en');
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page.getByText('Changes from version 2 to 3')).toBeVisible();
    await shootAt(page, 'mdm-policy-versions-en');
    await page.goto('/app/mdmpolicies');
    await expect(page.getByRole('row', { name: /Teléfonos de reparto/ })).toBeVisible();
    await shootAt(page, 'mdm-policies-en');

    // An ordinary user of the company reads the policy, and may change nothing.
    const context = await browser.newContext({ baseURL: E2E.main.url });
    const reader = await context.newPage();
    await signIn(reader, E2E.main.url, users.usuario);
    await chooseLanguage(reader, 'es');
    await reader.goto(`/app/mdmpoliciesedit?policyid=${id}`);
    await expect(
      reader.getByText('Solo lectura: solo un administrador de la empresa cambia las políticas.'),
    ).toBeVisible();
    await expect(reader.getByLabel('Cámara desactivada')).toBeChecked();
    await expect(reader.getByLabel('Cámara desactivada')).toBeDisabled();
    await expect(reader.getByRole('button', { name: 'Guardar' })).toHaveCount(0);
    await shootAt(reader, 'mdm-policy-reader-es');
    await leaveOnHome(reader);
    await context.close();
  } finally {
    await chooseLanguage(page, 'es');
    await deletePolicy(page, id);
    await leaveOnHome(page);
  }
});

test('an administrator changes a kiosk policy in /app/mdmkiosk', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  const call = async (operation: string, parameter: unknown) => {
    const stored = await storedAccessToken(page);
    const response = await page.request.post(`${E2E.main.url}/api/services`, {
      headers: { authorization: `Bearer ${stored!.token}` },
      data: { operation, parameter },
    });
    return (await response.json()).result;
  };
  const app = await call('kioskAppsCreate', { Name: 'Reparto', Package: 'com.e2e.reparto' });
  const kiosk = await call('mdmKioskCreate', { name: 'Quiosco de reparto', kioskApp: app.id });
  try {
    await page.getByRole('menuitem', { name: 'Kioscos MDM' }).click();
    await expect(page).toHaveURL(/\/app\/mdmkiosk$/);
    await page.getByText('Quiosco de reparto').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Barra de estado').click();
    await page.getByRole('option', { name: 'Solo información del sistema' }).click();
    await shootAt(page, 'mdm-kiosk-edit-es');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: /Quiosco de reparto/ });
    await expect(row).toContainText('Solo información del sistema');
    await expect(row).toContainText('2');
    await shootAt(page, 'mdm-kiosk-es');
    await chooseLanguage(page, 'en');
    await expect(page.getByRole('row', { name: /Quiosco de reparto/ })).toContainText(
      'System info only',
    );
    await shootAt(page, 'mdm-kiosk-en');
  } finally {
    await chooseLanguage(page, 'es');
    await call('mdmPoliciesDelete', { id: kiosk.id });
    await call('kioskAppsDelete', { id: app.id });
    await leaveOnHome(page);
  }
});

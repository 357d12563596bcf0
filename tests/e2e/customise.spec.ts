// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet, type SimulatedFleet } from './fleet';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

let fleet: SimulatedFleet | undefined;

test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 5);
});

test.afterAll(async () => {
  await fleet?.stop();
});

/**
 * Changing a resource live (docs/resources.md): an administrator hides a column of the device
 * list and relabels another in the "Recursos" editor, sees the list change without a restart,
 * and reverts.
 */

const OVERRIDE = {
  hide: ['DEVICE_TYPE'],
  fields: { OWNER: { label: { es: 'Titular', en: 'Holder' } } },
};

/**
 * Replaces the editor's text with one line, pasted: typed or inserted text can meet Monaco's
 * auto-closed quotes and brackets half-way ('{"hid"e:…'), a paste never does.
 */
async function typeInEditor(page: Page, text: string) {
  const editor = page.locator('.monaco-editor').first();
  await expect(editor).toBeVisible();
  await expect(async () => {
    // Escape closes a suggestion list that would take the keys.
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

async function deviceColumns(page: Page) {
  await page.goto('/app/devicelist');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  return page.getByRole('columnheader');
}

test('an administrator hides and relabels device list columns live, then reverts', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Recursos' }).click();
  await expect(page).toHaveURL(/\/app\/resources/);
  await expect(page.getByRole('heading', { name: 'Recursos', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Recurso' })).toHaveText('Dispositivos');
  await expect(page.getByRole('combobox', { name: 'Se aplica a' })).toHaveText('Mi empresa');

  // The JSON is the expert's second tab. A mistake is named as it is typed, the preview says
  // why it cannot be drawn, and nothing can be saved.
  await page.getByRole('tab', { name: 'JSON' }).click();
  await typeInEditor(page, JSON.stringify({ hide: ['MODELO'] }));
  await expect(page.getByTestId('override-problems')).toContainText(
    'hide.0: el campo "MODELO" no existe',
  );
  await expect(page.getByTestId('override-preview-blocked')).toContainText(
    'No se puede mostrar la vista previa',
  );
  await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();

  await typeInEditor(page, JSON.stringify(OVERRIDE));
  const preview = page.getByTestId('override-preview');
  await expect(preview.getByRole('columnheader', { name: 'Titular' })).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'Plataforma' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Guardada la versión 1. Ya se aplica.')).toBeVisible();

  let headers = await deviceColumns(page);
  await expect(headers.filter({ hasText: 'Titular' })).toHaveCount(1);
  await expect(headers.filter({ hasText: 'Plataforma' })).toHaveCount(0);
  await expect(headers.filter({ hasText: 'Propietario' })).toHaveCount(0);

  // Revert: the layer removed, the declared list is back.
  await page.goto('/app/resources');
  await page.getByRole('button', { name: 'Quitar personalización' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Personalización quitada (versión 2).')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Historial' })).toContainText('Quitada');
  headers = await deviceColumns(page);
  await expect(headers.filter({ hasText: 'Propietario' })).toHaveCount(1);
  await expect(headers.filter({ hasText: 'Plataforma' })).toHaveCount(1);

  // Version 1 from the history comes back as version 3; removed again to leave the list as declared.
  await page.goto('/app/resources');
  const history = page.getByRole('list', { name: 'Historial' });
  await history
    .getByRole('listitem')
    .filter({ hasText: 'Versión 1 ·' })
    .getByRole('button', { name: 'Restaurar' })
    .click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Restaurada como versión 3.')).toBeVisible();
  headers = await deviceColumns(page);
  await expect(headers.filter({ hasText: 'Titular' })).toHaveCount(1);
  await page.goto('/app/resources');
  await page.getByRole('button', { name: 'Quitar personalización' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Personalización quitada (versión 4).')).toBeVisible();

  // On a phone the editor, the wide preview and the history fit the width: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.getByTestId('override-preview').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('override-fields')).toBeVisible();
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await leaveOnHome(page);
});

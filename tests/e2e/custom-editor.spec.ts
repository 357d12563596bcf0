// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import fs from 'node:fs';
import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { chooseLanguage, demoUsers, leaveOnHome, signIn, storedAccessToken } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * Issue 34, point 10 (docs/resources.md, "The editor"): a custom entity and a custom field made
 * through the forms, not JSON, then used in the list, the form, a filter, an export and REST;
 * an ordinary user is refused. The "Recursos" override form is shot and checked too.
 */

async function rest(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const stored = await storedAccessToken(page);
  const response = await page.request.fetch(`${E2E.main.url}/api/rest/${path}`, {
    method,
    headers: { authorization: `Bearer ${stored!.token}` },
    ...(data ? { data } : {}),
  });
  return { status: response.status(), body: await response.json() };
}

/** With SCREENSHOTS_DIR, the editors again in English (a dialog keeps the language it opened in). */
async function shootInEnglish(page: Page) {
  await page.goto('/app/custom-entities');
  await chooseLanguage(page, 'en');
  await page
    .getByRole('row', { name: /e2e-tools/ })
    .getByText('e2e-tools')
    .click();
  await expect(page.getByRole('dialog').getByRole('list', { name: 'Fields' })).toBeVisible();
  await shootAt(page, 'custom-entity-form-en');
  await page.getByRole('button', { name: 'Change Serial' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: 'Field Serial' })).toBeVisible();
  await shootAt(page, 'custom-field-dialog-en');
  await page.goto('/app/resources');
  await page.getByRole('combobox', { name: 'Resource' }).click();
  await page.getByRole('option', { name: 'Custom entities' }).click();
  await expect(page.getByTestId('override-fields')).toBeVisible();
  await shootAt(page, 'override-form-en');
  await page.getByRole('button', { name: 'Change Name', exact: true }).click();
  await shootAt(page, 'override-field-dialog-en');
  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'es');
}

test('an administrator makes an entity and a field with the forms and uses them', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');

  // The entity, through its form: titles, roles, menu and one field from the field dialog.
  await page.goto('/app/custom-entities');
  await page.getByRole('button', { name: 'Crear' }).click();
  const entity = page.getByRole('dialog');
  await entity.getByLabel('Nombre (dirección)').fill('e2e-tools');
  await entity.getByLabel('Título de uno, en español').fill('Herramienta');
  await entity.getByLabel('Título de uno, en inglés').fill('Tool');
  await entity.getByLabel('Título de la lista, en español').fill('Herramientas');
  await entity.getByLabel('Título de la lista, en inglés').fill('Tools');
  await entity.getByRole('button', { name: 'Añadir campo' }).click();
  const fieldDialog = page.getByRole('dialog').filter({ hasText: 'Campo nuevo' });
  await fieldDialog.getByLabel('Nombre interno').fill('serial');
  await fieldDialog.getByLabel('Etiqueta en español').fill('Serie');
  await fieldDialog.getByLabel('Etiqueta en inglés').fill('Serial');
  await fieldDialog.getByLabel('Obligatorio').check();
  await expectAccessible(page, 'field dialog', '[role="dialog"]');
  await shootAt(page, 'custom-field-dialog-es');
  await fieldDialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(fieldDialog).toBeHidden();
  await expect(entity.getByRole('list', { name: 'Campos' })).toContainText('serial · Texto');
  await expectAccessible(page, 'entity form', '[role="dialog"]');
  await shootAt(page, 'custom-entity-form-es');
  await entity.getByRole('button', { name: 'Guardar' }).click();
  await expect(entity).toBeHidden();
  await expect(page.getByRole('row', { name: /e2e-tools/ })).toBeVisible();

  // A custom field on it, through the custom fields' form.
  await page.goto('/app/custom-fields');
  await page.getByRole('button', { name: 'Crear' }).click();
  const custom = page.getByRole('dialog');
  await custom.getByLabel('Recurso').click();
  await page.getByRole('option', { name: 'Herramientas' }).click();
  await custom.getByLabel('Nombre interno').fill('colour');
  await custom.getByLabel('Etiqueta en español').fill('Color');
  await custom.getByLabel('Etiqueta en inglés').fill('Colour');
  await custom.getByLabel('Longitud máxima').fill('20');
  await custom.getByRole('button', { name: 'Guardar' }).click();
  await expect(custom).toBeHidden();
  await expect(page.getByRole('row', { name: /colour/ })).toBeVisible();

  // Both in the entity's list and form, a filter, an export and REST.
  await page.goto('/app/custom/e2e-tools');
  for (const [serial, colour] of [
    ['T-1', 'rojo'],
    ['T-2', 'azul'],
  ]) {
    await page.getByRole('button', { name: 'Crear' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Serie').fill(serial);
    await form.getByLabel('Color').fill(colour);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await expect(form).toBeHidden();
  }
  await expect(page.getByRole('columnheader', { name: 'Color' })).toBeVisible();
  await expect(page.getByRole('row', { name: /T-1/ })).toContainText('rojo');
  await page.getByRole('button', { name: 'Filtro por columna' }).click();
  await page.getByLabel('Valor de Color').fill('azul');
  await expect(page.getByRole('row', { name: /T-1/ })).toBeHidden();
  await expect(page.getByRole('row', { name: /T-2/ })).toBeVisible();
  await page.getByRole('button', { name: 'Exportar' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const csv = fs.readFileSync((await (await downloading).path())!, 'utf8');
  expect(csv).toContain('Color');
  expect(csv).toContain('azul');
  const listed = await rest(page, 'GET', 'e2e-tools');
  expect(listed.status).toBe(200);
  expect(JSON.stringify(listed.body)).toContain('"colour":"rojo"');
  await leaveOnHome(page);
});

test('an ordinary user is refused the editors', async ({ page }) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).usuario);
  const field = { resource: 'e2e-tools', name: 'nope', type: 'text', label: { es: 'N', en: 'N' } };
  expect((await rest(page, 'POST', 'custom-fields', field)).status).toBe(403);
  expect((await rest(page, 'GET', 'custom-entities')).status).toBe(403);
  await page.goto('/app/custom-entities');
  await expect(page.getByRole('button', { name: 'Crear' })).toBeHidden();
  await leaveOnHome(page);
});

test('the override form of "Recursos" edits a field, previews it and asks before removing', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto('/app/resources');
  await page.getByRole('combobox', { name: 'Recurso' }).click();
  await page.getByRole('option', { name: 'Entidades personalizadas' }).click();
  await expect(page.getByRole('tab', { name: 'Formulario' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.getByRole('button', { name: 'Cambiar Nombre', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Etiqueta en español').fill('Dirección');
  await dialog.getByLabel('Etiqueta en inglés').fill('Address');
  await expectAccessible(page, 'override field dialog', '[role="dialog"]');
  await shootAt(page, 'override-field-dialog-es');
  await dialog.getByRole('button', { name: 'Aplicar' }).click();
  await page.getByRole('button', { name: 'Bajar Dirección' }).click();
  const preview = page.getByTestId('override-preview');
  await expect(preview.getByRole('columnheader', { name: 'Dirección' })).toBeVisible();
  await expectAccessible(page, 'override form');
  await shootAt(page, 'override-form-es');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/Guardada la versión \d+/)).toBeVisible();

  await page.getByRole('button', { name: 'Quitar personalización' }).click();
  await expect(page.getByRole('dialog')).toContainText('para toda la empresa');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(/Personalización quitada/)).toBeVisible();
  if (process.env.SCREENSHOTS_DIR) await shootInEnglish(page);
  await leaveOnHome(page);
});

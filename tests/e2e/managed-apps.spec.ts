// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { chooseLanguage, demoUsers, leaveOnHome, signIn, storedAccessToken } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * The managed-apps catalogue, an entity that is only its definition (docs/resources.md, "The
 * engine"): its menu entry, list, create and edit dialogs, a stale edit refused, the record's
 * history, the show view of an ordinary user, and English.
 */

/** A write the way another program makes it, with the console's own token. */
async function editThroughApi(page: Page, id: number, version: number, label: string) {
  const stored = await storedAccessToken(page);
  const response = await page.request.post(`${E2E.main.url}/api/services`, {
    headers: { authorization: `Bearer ${stored!.token}` },
    data: { operation: 'managedAppsEdit', parameter: { id, version, label } },
  });
  expect((await response.json()).error.code).toBe('0');
}

test('an administrator creates and edits managed apps, and sees each change in the history', async ({
  page,
}) => {
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Aplicaciones gestionadas' }).click();
  await expect(page).toHaveURL(/\/app\/managed-apps/);

  await page.getByRole('button', { name: 'Crear' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Paquete').fill('no es un paquete');
  await dialog.getByLabel('Nombre').fill('Navegador');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El campo Paquete no tiene el formato esperado')).toBeVisible();
  await dialog.getByLabel('Paquete').fill('com.example.browser');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /com\.example\.browser/ });
  await expect(row).toContainText('Navegador');

  await row.getByText('Navegador').click();
  await expect(dialog.getByText('Sin cambios guardados todavía.')).toBeHidden();
  await expect(dialog.getByText(/^Alta · /)).toBeVisible();
  await dialog.getByLabel('Nombre').fill('Navegador de empresa');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Navegador de empresa/ })).toBeVisible();

  // The history of the record: the change with its values before and after.
  await page
    .getByRole('row', { name: /Navegador de empresa/ })
    .getByText('Navegador de empresa')
    .click();
  await expect(dialog.getByText('Nombre: Navegador → Navegador de empresa')).toBeVisible();
  await expect(dialog.getByText(/^Cambio · .* · admin · Consola$/)).toBeVisible();
  await shootAt(page, 'managed-apps-edit');

  // Someone else saves first: this dialog's edit is stale and refused, nothing overwritten.
  const rows = await page.request.post(`${E2E.main.url}/api/services`, {
    headers: { authorization: `Bearer ${(await storedAccessToken(page))!.token}` },
    data: { operation: 'managedAppsList', parameter: { filter: { q: 'com.example.browser' } } },
  });
  const record = (await rows.json()).result.data[0];
  await editThroughApi(page, record.id, record.version, 'Navegador cambiado por otro');
  await dialog.getByLabel('Nombre').fill('Mi cambio');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  // A refusal ("-1") is an information dialog over the form (002 §8).
  const refused = page.getByRole('alertdialog', { name: 'Información' });
  await expect(refused).toContainText(/ha cambiado desde que lo abrió \(versión 3, no 2\)/);
  await refused.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByRole('row', { name: /Navegador cambiado por otro/ })).toBeVisible();

  // Reverting that change puts the name back, as a change of its own.
  await page
    .getByRole('row', { name: /Navegador cambiado por otro/ })
    .getByText('Navegador cambiado por otro')
    .click();
  await dialog
    .getByRole('listitem')
    .filter({ hasText: '→ Navegador cambiado por otro' })
    .getByRole('button', { name: /^Revertir el cambio del / })
    .click();
  await expect(
    page.getByText(
      'Cambio revertido: los valores anteriores se han guardado como un cambio nuevo.',
    ),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Navegador de empresa/ })).toBeVisible();

  // The company's change history lists every engine write, newest first.
  await page.getByRole('menuitem', { name: 'Historial de cambios' }).click();
  await expect(page.getByRole('row', { name: /Aplicaciones gestionadas/ }).first()).toContainText(
    'Nombre: Navegador de empresa',
  );
  await shootAt(page, 'revisions-list');
  await page.getByRole('menuitem', { name: 'Aplicaciones gestionadas' }).click();

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('menuitem', { name: 'Managed apps' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Automatic update' })).toBeVisible();
  await shootAt(page, 'managed-apps-list-en');
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

test('an ordinary user reads the catalogue and its history, and is offered no change', async ({
  page,
}) => {
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.usuario);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Aplicaciones gestionadas' }).click();
  await expect(page.getByRole('button', { name: 'Crear' })).toBeHidden();
  const row = page.getByRole('row', { name: /com\.example\.browser/ });
  await row.getByText('com.example.browser').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeHidden();
  await expect(dialog.getByRole('button', { name: /^Revertir/ })).toHaveCount(0);
  await expect(dialog.getByText(/^Alta · /)).toBeVisible();
  await shootAt(page, 'managed-apps-show-user');
  await leaveOnHome(page);
});

// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect as expectNow, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * Issue 34, points 8 and 11 (docs/resources.md, "Project-scoped entities"): an entity kept per
 * project, made with the entity form; its menu entry shows in the projects' group at once, without
 * a reload, its list is under the project picker, and deleting it takes the entry away again.
 */
test('a project entity made with the form is in the menu at once and lists per project', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto('/app/custom-entities');
  const menu = page.getByRole('menu').first();
  await expect(menu.getByRole('menuitem', { name: 'Revisiones de obra' })).toBeHidden();

  await page.getByRole('button', { name: 'Crear' }).click();
  const entity = page.getByRole('dialog');
  await entity.getByLabel('Nombre (dirección)').fill('e2e-checks');
  await entity.getByLabel('Ámbito').click();
  await page.getByRole('option', { name: 'Cada proyecto' }).click();
  await entity.getByLabel('Título de uno, en español').fill('Revisión de obra');
  await entity.getByLabel('Título de uno, en inglés').fill('Site check');
  await entity.getByLabel('Título de la lista, en español').fill('Revisiones de obra');
  await entity.getByLabel('Título de la lista, en inglés').fill('Site checks');
  await entity.getByRole('button', { name: 'Añadir campo' }).click();
  const fieldDialog = page.getByRole('dialog').filter({ hasText: 'Campo nuevo' });
  await fieldDialog.getByLabel('Nombre interno').fill('place');
  await fieldDialog.getByLabel('Etiqueta en español').fill('Lugar');
  await fieldDialog.getByLabel('Etiqueta en inglés').fill('Place');
  await fieldDialog.getByRole('button', { name: 'Aplicar' }).click();
  await expect(fieldDialog).toBeHidden();
  await entity.getByRole('button', { name: 'Guardar' }).click();
  await expect(entity).toBeHidden();

  // No reload: the menu was read again after the save.
  const entry = menu.getByRole('menuitem', { name: 'Revisiones de obra' });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(page).toHaveURL(/\/app\/custom\/e2e-checks/);
  await expect(page.getByRole('combobox', { name: /Proyecto/ })).toBeVisible();
  await page.getByRole('button', { name: 'Crear' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Lugar').fill('Nave 3');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row', { name: /Nave 3/ })).toBeVisible();
  await expectAccessible(page, 'project entity list');
  await shootAt(page, 'custom-project-list-es');
  if (process.env.SCREENSHOTS_DIR) {
    await chooseLanguage(page, 'en');
    await expect(page.getByRole('menuitem', { name: 'Site checks' })).toBeVisible();
    await shootAt(page, 'custom-project-list-en');
    await chooseLanguage(page, 'es');
  }

  // Deleted from its row: the entry leaves the menu, again without a reload.
  await page.goto('/app/custom-entities');
  await page.getByRole('row', { name: /e2e-checks/ }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('row', { name: /e2e-checks/ })).toBeHidden();
  await expect(menu.getByRole('menuitem', { name: 'Revisiones de obra' })).toBeHidden();
  await leaveOnHome(page);
});

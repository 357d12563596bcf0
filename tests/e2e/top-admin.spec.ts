// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

/**
 * The top administrator (/app/xoneges, /app/xoneadmin, docs/decisions.md "Top administrator"):
 * creates a company with its plan, changes its plan, and finds its people among every
 * company's users.
 */
test('the top administrator creates a company, changes its plan and lists every company’s users', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).superadmin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Gestión de compañías' }).click();
  await expect(page).toHaveURL(/\/app\/xoneges/);
  await expect(page.getByRole('cell', { name: 'Demo', exact: true }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Crear', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre *').fill('Transportes Norte');
  await dialog.getByLabel('Plan *').click();
  await page.getByRole('option', { name: 'Básico' }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Transportes Norte' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Básico' })).toBeVisible();

  // A name taken is refused in words, naming it.
  await page.getByRole('button', { name: 'Crear', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Nombre *').fill('Demo');
  await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  // A refusal ("-1") is an information dialog over the form (002 §8).
  const refused = page.getByRole('alertdialog', { name: 'Información' });
  await expect(refused).toContainText('Ya existe una empresa llamada «Demo».');
  await refused.getByRole('button', { name: 'Aceptar' }).click();
  await page.keyboard.press('Escape');

  await row.getByRole('cell', { name: 'Transportes Norte' }).click();
  await page.getByRole('dialog').getByLabel('Plan *').click();
  await page.getByRole('option', { name: 'Profesional' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Guardar' }).click();
  await expect(row.getByRole('cell', { name: 'Profesional' })).toBeVisible();

  await page.getByRole('menuitem', { name: 'Todos los usuarios' }).click();
  await expect(page).toHaveURL(/\/app\/xoneadmin/);
  const admin = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
  await expect(admin.getByRole('cell', { name: 'Demo', exact: true })).toBeVisible();

  // The actions log names both writes by their labels.
  await page.getByRole('menuitem', { name: 'Registro de acciones' }).click();
  await expect(page.getByRole('cell', { name: 'Compañía creada' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Compañía modificada' }).first()).toBeVisible();
  await leaveOnHome(page);
});

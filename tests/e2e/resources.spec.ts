// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { demoUsers, leaveOnHome, signIn } from './support';

/** Screens the console factory makes from the declared resources (src/resources/factory). */

test('a user opens all notifications from home and marks one read', async ({ page }) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).usuario);
  await page.goto('/app/home');
  await page.getByRole('link', { name: 'Ver todas' }).click();
  await expect(page).toHaveURL(/\/app\/notifications/);
  const row = page.locator('tbody tr').first();
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Marcar como leídas' }).click();
  await expect(page.getByText('Hecho en un registro')).toBeVisible();
  await expect(row.getByRole('img', { name: 'Sí' })).toBeVisible();
  // A plain user is not offered the companies screen, even typed in.
  await page.goto('/app/xonecias');
  await expect(page.getByText('Acceso no autorizado').first()).toBeVisible();
  await leaveOnHome(page);
});

test('the top administrator filters the actions log by an action label and searches companies', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).superadmin);
  await page.goto('/app/actions');
  // The field filters are in the filter row, each with the operators its list accepts.
  await page.getByRole('button', { name: 'Filtro por columna' }).click();
  await page.getByLabel('Valor de Acción').selectOption({ label: 'Inicio de sesión' });
  await expect(page).toHaveURL(/signin/);
  await expect(page.getByRole('cell', { name: 'Inicio de sesión' }).first()).toBeVisible();
  // The address changes before the narrowed page arrives: only it has no other action.
  await expect(page.locator('tbody tr', { hasNotText: 'Inicio de sesión' })).toHaveCount(0);
  await page.goto('/app/xonecias');
  // Seen before the search, so that its disappearing is the search's doing.
  await expect(page.getByRole('cell', { name: 'Demo', exact: true })).toBeVisible();
  await page.getByPlaceholder('Buscar por nombre').fill('zzz-nadie');
  await expect(page.getByRole('cell', { name: 'Demo', exact: true })).toBeHidden();
  await page.getByPlaceholder('Buscar por nombre').fill('Dem');
  await expect(page.getByRole('cell', { name: 'Demo', exact: true })).toBeVisible();
  await leaveOnHome(page);
});

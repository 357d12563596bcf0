// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { chooseLanguage, demoUsers, signIn, storedAccessToken } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * MDM organizations (issue 36, docs/mdm.md): an administrator starts the Android enterprise
 * signup, sees it pending on /app/mdmgeneral and /app/mdmafw (where the policies list lands
 * meanwhile), and completes it against the local
 * AMAPI stand-in; in English too.
 */

async function servicesCall(page: Page, operation: string, parameter: unknown) {
  const stored = await storedAccessToken(page);
  const response = await page.request.post(`${E2E.main.url}/api/services`, {
    headers: { authorization: `Bearer ${stored!.token}` },
    data: { operation, parameter },
  });
  return (await response.json()) as { error: { code: string }; result: any };
}

test('an administrator binds the Android enterprise through the signup', async ({ page }) => {
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  // A run before this one may have left the android organization: start without it.
  const before = await servicesCall(page, 'mdmOrganizationsList', {});
  for (const row of before.result.data) {
    await servicesCall(page, 'mdmOrganizationsDelete', { id: row.id });
  }
  await servicesCall(page, 'mdmAndroidSignup', { contactEmail: 'it@demo.flota.local' });

  await page.getByRole('menuitem', { name: 'Organizaciones MDM' }).click();
  await expect(page).toHaveURL(/\/app\/mdmgeneral$/);
  await expect(page.getByText('El alta de la empresa Android está pendiente')).toBeVisible();
  await shootAt(page, 'mdm-general-pending-es');

  // While the signup is pending, the MDM lists land on /app/mdmafw (002 §2).
  await page.getByRole('menuitem', { name: 'Políticas MDM' }).click();
  await expect(page).toHaveURL(/\/app\/mdmafw$/);
  await page.getByRole('link', { name: 'Organizaciones MDM' }).click();
  await page.getByRole('link', { name: 'Android Enterprise' }).click();
  await expect(page).toHaveURL(/\/app\/mdmafw$/);
  await expect(page.getByText('Correo de contacto: it@demo.flota.local')).toBeVisible();
  await shootAt(page, 'mdm-afw-pending-es');

  await page.getByRole('button', { name: 'Empezar el alta de nuevo' }).click();
  await expect(page.getByText('Alta completada')).toBeVisible();
  await expect(page).toHaveURL(/\/app\/mdmafw$/);
  await expect(page.getByText(/Empresa Android vinculada: enterprises\/LC/)).toBeVisible();
  await shootAt(page, 'mdm-afw-bound-es');

  await chooseLanguage(page, 'en');
  await expect(page.getByText(/Android enterprise bound: enterprises\/LC/)).toBeVisible();
  await shootAt(page, 'mdm-afw-bound-en');
  await page.getByRole('link', { name: 'MDM organizations' }).click();
  await expect(page.getByText('Bound', { exact: true })).toBeVisible();
  await shootAt(page, 'mdm-general-bound-en');
  await chooseLanguage(page, 'es');
});

// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet } from './fleet';
import { patientLanguage, patientSignIn } from './patientSignIn';
import { shootAt } from './shotsAt';
import { demoProject, demoUsers, leaveOnHome, storedAccessToken } from './support';

/**
 * Issue 33, point 15: the new update form has its own address (Back returns to the list, a
 * reload keeps the form), and Publicar asks first, saying how many devices will receive it.
 */
async function call<R>(page: Page, operation: string, parameter: Record<string, unknown>) {
  const stored = await storedAccessToken(page);
  const response = await page.request.post('/api/services', {
    headers: { authorization: `Bearer ${stored!.token}` },
    data: { operation, parameter },
  });
  const body = await response.json();
  expect(body.error?.code, JSON.stringify(body.error)).toBe('0');
  return body.result as R;
}

test('the new update form has its address and publishes after saying to how many devices', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const database = demoProject();
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 3);
  await fleet.stop();
  await patientSignIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await patientLanguage(page, 'es');

  // A group of two devices of one platform: the update's target.
  const listed = await call<{ data: { ID: number; DEVICE_TYPE: string | null }[] }>(
    page,
    'devicesWithPages',
    { database, datatable: { start: 0, length: 50 } },
  );
  // The first page may start with a device another spec left alone on its platform: take two of
  // the platform most devices share.
  const byType = new Map<string, number[]>();
  for (const row of listed.data) {
    if (!row.DEVICE_TYPE) continue;
    byType.set(row.DEVICE_TYPE, [...(byType.get(row.DEVICE_TYPE) ?? []), row.ID]);
  }
  const members = [...byType.values()].sort((a, b) => b.length - a.length)[0].slice(0, 2);
  expect(members).toHaveLength(2);
  const groupName = `E2E confirmación ${Date.now() % 100000}`;
  await call(page, 'admgroups', {
    database,
    oper: 'update',
    data: { NAME: groupName, DESCRIPTION: 'Prueba', Devices: members },
  });

  // The form's address: Back returns to the list, Forward and a reload to the form.
  await page.goto(`/app/updates?database=${database}`);
  await expect(page.getByRole('heading', { name: 'Totales' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Nueva actualización' }).click();
  await expect(page).toHaveURL(/\/app\/updates\/new\?database=\d+$/);
  const form = page.getByRole('heading', { name: 'Nueva actualización', level: 2 });
  await expect(form).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/updates\?database=\d+$/);
  await expect(page.getByRole('heading', { name: 'Totales' })).toBeVisible();
  await page.goForward();
  await expect(form).toBeVisible();
  await page.reload();
  await expect(form).toBeVisible({ timeout: 30_000 });
  // Its own button goes back to the list too.
  await page.getByRole('button', { name: 'Volver a la lista' }).click();
  await expect(page).toHaveURL(/\/app\/updates\?database=\d+$/);
  await page.getByRole('button', { name: 'Nueva actualización' }).click();

  // A groups update with an SQL text.
  await page.getByRole('combobox', { name: 'Tipo de actualización' }).click();
  await page.getByRole('option', { name: 'Grupos' }).click();
  await page.getByRole('textbox', { name: 'Buscar grupos' }).fill(groupName);
  await page.getByRole('checkbox', { name: groupName }).check();
  await page.getByRole('button', { name: 'Texto SQL' }).click();
  const sqlDialog = page.getByRole('dialog', { name: 'Texto SQL de la actualización' });
  await sqlDialog.locator('.monaco-editor').click();
  await page.keyboard.type("UPDATE gen_clientes SET nombre = '(sin nombre)' WHERE id = 0", {
    delay: 20,
  });
  await sqlDialog.getByRole('button', { name: 'Aceptar' }).click();

  // Publicar asks, counting on the server; Cancelar publishes nothing.
  const published = () =>
    call<{ ListUpd: { mid: string }[] }>(page, 'updatesList', { database, panel: 1 });
  const before = (await published()).ListUpd.filter((u) => u.mid === groupName).length;
  await page.getByRole('button', { name: 'Publicar' }).click();
  const asked = page.getByRole('dialog', { name: 'Publicar la actualización' });
  await expect(asked).toContainText('La recibirán 2 dispositivos.');
  await shootAt(page, 'update-confirm-es');
  await asked.getByRole('button', { name: 'Cancelar' }).click();
  await expect(asked).toBeHidden();
  expect((await published()).ListUpd.filter((u) => u.mid === groupName)).toHaveLength(before);

  // Confirmed: published to those two, and back on the list.
  await page.getByRole('button', { name: 'Publicar' }).click();
  await asked.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByText(/Actualización .+ publicada para 2 dispositivos/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/app\/updates\?database=\d+$/);
  await expect(page.getByRole('region', { name: /^Totales/ })).toContainText(groupName);

  // In English, the form and its question.
  await patientLanguage(page, 'en');
  await page.getByRole('button', { name: 'New update' }).click();
  await page.getByRole('combobox', { name: 'Update type' }).click();
  await page.getByRole('option', { name: 'Groups' }).click();
  await page.getByRole('textbox', { name: 'Search groups' }).fill(groupName);
  await page.getByRole('checkbox', { name: groupName }).check();
  await page.getByRole('button', { name: 'SQL text' }).click();
  const english = page.getByRole('dialog', { name: /SQL text/ });
  await english.locator('.monaco-editor').click();
  await page.keyboard.type('SELECT 1', { delay: 20 });
  await english.getByRole('button', { name: 'OK' }).click();
  await shootAt(page, 'update-form-en');
  await page.getByRole('button', { name: 'Publish' }).click();
  const question = page.getByRole('dialog', { name: 'Publish the update' });
  await expect(question).toContainText('2 devices will receive it.');
  await shootAt(page, 'update-confirm-en');
  await question.getByRole('button', { name: 'Cancel' }).click();
  await patientLanguage(page, 'es');
  await leaveOnHome(page);
});

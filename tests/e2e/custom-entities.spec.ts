import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { chooseLanguage, demoUsers, leaveOnHome, signIn, storedAccessToken } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * A custom entity (docs/resources.md, "Custom entities"): created through
 * /api/rest/custom-entities as another program would, then at once in the menu, its list, its
 * create and edit dialogs with the server's refusals, its search, and read-only for an ordinary
 * user; deleted at the end (kept 30 days).
 */

const label = (es: string, en: string) => ({ es, en });
const ENTITY = {
  name: 'e2e-vehicles',
  title: { one: label('Vehículo', 'Vehicle'), many: label('Vehículos', 'Vehicles') },
  fields: [
    {
      name: 'plate',
      type: 'text',
      label: label('Matrícula', 'Plate'),
      required: true,
      unique: true,
      maxLength: 7,
      pattern: '[0-9]{4}[A-Z]{3}',
      help: label('como 1234ABC', 'such as 1234ABC'),
    },
    { name: 'seats', type: 'integer', label: label('Plazas', 'Seats'), min: 1, max: 9, default: 5 },
    { name: 'electric', type: 'boolean', label: label('Eléctrico', 'Electric'), default: false },
  ],
  permissions: { read: 'user', write: 'admin' },
  menu: { section: 'administration', icon: 'tables', order: 90 },
};

async function rest(page: Page, method: 'POST' | 'DELETE' | 'GET', path: string, data?: unknown) {
  const stored = await storedAccessToken(page);
  const response = await page.request.fetch(`${E2E.main.url}/api/rest/${path}`, {
    method,
    headers: { authorization: `Bearer ${stored!.token}` },
    ...(data ? { data } : {}),
  });
  return { status: response.status(), body: await response.json() };
}

test('an administrator creates an entity through the API and uses it in the console', async ({
  page,
}) => {
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  const created = await rest(page, 'POST', 'custom-entities', ENTITY);
  expect(created.status).toBe(201);

  await page.reload();
  await page.getByRole('menuitem', { name: 'Vehículos' }).click();
  await expect(page).toHaveURL(/\/app\/custom\/e2e-vehicles/);
  await page.getByRole('button', { name: 'Crear' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Matrícula').fill('12AB');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText(/El campo Matrícula no tiene el formato esperado/)).toBeVisible();
  await dialog.getByLabel('Matrícula').fill('1234ABC');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('columnheader', { name: 'Matrícula' })).toBeVisible();
  const row = page.getByRole('row', { name: /1234ABC/ });
  await expect(row).toContainText('5');

  // The same plate again: the server refuses it, naming the value.
  await page.getByRole('button', { name: 'Crear' }).click();
  await dialog.getByLabel('Matrícula').fill('1234ABC');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  // A refusal ("-1") is an information dialog over the form (002 §8).
  const refused = page.getByRole('alertdialog', { name: 'Información' });
  await expect(refused).toContainText(/Ya hay vehículo con matrícula «1234ABC»/);
  await refused.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.getByLabel('Matrícula').fill('5678DEF');
  await dialog.getByLabel('Plazas').fill('2');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /5678DEF/ })).toBeVisible();

  // Edit a record: the change is kept, and so is its history.
  await row.getByText('1234ABC').click();
  await dialog.getByLabel('Plazas').fill('7');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /1234ABC/ })).toContainText('7');
  await shootAt(page, 'custom-entity-list');

  // The search box looks in the text fields.
  await page.getByPlaceholder('Buscar').fill('5678');
  await expect(page.getByRole('row', { name: /1234ABC/ })).toBeHidden();
  await expect(page.getByRole('row', { name: /5678DEF/ })).toBeVisible();

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('columnheader', { name: 'Plate' })).toBeVisible();
  await shootAt(page, 'custom-entity-list-en');
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

test('an ordinary user reads the entity and is offered no change; deleting keeps it 30 days', async ({
  page,
  browser,
}) => {
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.usuario);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Vehículos' }).click();
  await expect(page.getByRole('row', { name: /1234ABC/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Crear' })).toBeHidden();
  const refused = await rest(page, 'POST', 'e2e-vehicles', { plate: '9999ZZZ' });
  expect(refused.status).toBe(403);
  await leaveOnHome(page);

  const admin = await browser.newPage();
  await signIn(admin, E2E.main.url, users.admin);
  const { body } = await rest(admin, 'GET', 'custom-entities');
  const entity = body.find((e: { name: string }) => e.name === ENTITY.name);
  expect((await rest(admin, 'DELETE', `custom-entities/${entity.id}`)).status).toBe(200);
  expect((await rest(admin, 'GET', 'e2e-vehicles')).status).toBe(404);
  await leaveOnHome(admin);
  await admin.close();
});

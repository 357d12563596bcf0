import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { choosePasswordFromMail } from './outbox';
import { chooseLanguage, demoUsers, leaveOnHome, signIn, storedAccessToken } from './support';

/**
 * Company users (/app/users, docs/users.md): an administrator creates a user, whose login is
 * checked while typed; the new user chooses a password from the mailed link and signs in; the
 * administrator locks them and their next request is refused.
 */
test('an administrator creates a user who sets a password by mail, signs in, and is locked', async ({
  page,
  browser,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Usuarios', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/users/);
  await expect(page.getByRole('cell', { name: 'usuario', exact: true })).toBeVisible();

  // Users are created and edited on a page of their own (`form: 'page'`).
  await page.getByRole('button', { name: 'Crear' }).click();
  await expect(page).toHaveURL(/\/app\/users\/create$/);
  const creation = page.getByRole('main');
  await creation.getByLabel('Usuario *').fill('usuario');
  await expect(creation.getByText('No disponible: ya lo usa otro usuario.')).toBeVisible();
  await creation.getByLabel('Usuario *').fill('lucia');
  await expect(creation.getByText('Disponible', { exact: true })).toBeVisible();
  await creation.getByLabel('Correo electrónico *').fill('lucia@example.com');
  await creation.getByRole('button', { name: 'Todos' }).click();
  await expect(creation.getByRole('checkbox', { name: 'Local' })).toBeChecked();
  await creation.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/app\/users$/);
  const row = page.getByRole('row').filter({ hasText: 'lucia@example.com' });
  await expect(row).toBeVisible();

  const lucia = await browser.newPage();
  await choosePasswordFromMail(lucia, E2E.main.dataDir, 'lucia@example.com', 'clave-de-lucia');
  await signIn(lucia, E2E.main.url, { login: 'lucia', password: 'clave-de-lucia' } as never);
  await expect(lucia.getByRole('menuitem', { name: /Inicio|Home/ })).toBeVisible();

  await row.getByRole('button', { name: 'Bloquear lucia' }).click();
  await page.getByRole('button', { name: 'Bloquear' }).last().click();
  await expect(page.getByText('Usuario bloqueado')).toBeVisible();
  // Her next request is refused, with the token she holds.
  const held = await storedAccessToken(lucia);
  const refused = await lucia.request.post(`${E2E.main.url}/api/services`, {
    headers: { authorization: `Bearer ${held!.token}` },
    data: { operation: 'session', parameter: {} },
  });
  expect(refused.status()).toBe(401);
  await lucia.close();

  await row.getByRole('button', { name: 'Desbloquear lucia' }).click();
  await page.getByRole('button', { name: 'Desbloquear' }).last().click();
  await expect(page.getByText('Usuario desbloqueado')).toBeVisible();

  // Her page has its own address: reloaded, it reads her by the show call; saved, back to the list.
  await row.getByRole('cell', { name: 'lucia', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/users\/\d+$/);
  await page.reload();
  const form = page.getByRole('main');
  await expect(form.getByLabel('Correo electrónico *')).toHaveValue('lucia@example.com');
  await form.getByLabel('Correo electrónico *').fill('lucia.r@example.com');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/app\/users$/);
  await expect(page.getByRole('row').filter({ hasText: 'lucia.r@example.com' })).toBeVisible();
  // Users are on the engine: her page's Historial has the change (never a password).
  await page
    .getByRole('row')
    .filter({ hasText: 'lucia.r@example.com' })
    .getByRole('cell', { name: 'lucia', exact: true })
    .click();
  const history = page.getByRole('region', { name: 'Historial' });
  await expect(history.getByText(/lucia@example\.com → lucia\.r@example\.com/)).toBeVisible();
  if (process.env.SCREENSHOTS_DIR)
    await page.screenshot({
      path: `${process.env.SCREENSHOTS_DIR}/user-history-es-1280.png`,
      fullPage: true,
    });
  await page.goto('/app/users');
  await leaveOnHome(page);
});

/**
 * A company's custom field of its users (issue 34, point 7): added by REST, it is at once a column
 * of the list, an input of the form and a filter, though users are served by hand-written calls.
 */
test('a custom field of users shows in the form, the list and its filter', async ({ page }) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  const token = (await storedAccessToken(page))!.token;
  const rest = (method: 'POST' | 'DELETE', path: string, data?: unknown) =>
    page.request.fetch(`${E2E.main.url}/api/rest/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data ? { data } : {}),
    });
  const added = await rest('POST', 'custom-fields', {
    resource: 'users',
    name: 'badge',
    type: 'text',
    label: { es: 'Credencial', en: 'Badge' },
    maxLength: 8,
  });
  expect(added.status()).toBe(201);
  const field = (await added.json()) as { id: number };
  try {
    await page.goto('/app/users/create');
    const creation = page.getByRole('main');
    await creation.getByLabel('Usuario *').fill('tomas');
    await creation.getByLabel('Correo electrónico *').fill('tomas@example.com');
    // Longer than its 8 characters: the form refuses it as the server would.
    await creation.getByLabel('Credencial').fill('T-123456789');
    await creation.getByRole('button', { name: 'Guardar' }).click();
    await expect(creation.getByText(/8/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/app\/users\/create$/);
    await creation.getByLabel('Credencial').fill('T-77');
    await creation.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(/\/app\/users$/);
    await expect(page.getByRole('columnheader', { name: 'Credencial' })).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: 'tomas@example.com' }).getByText('T-77'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Filtro por columna' }).click();
    await page.getByLabel('Valor de Credencial').fill('T-7');
    await expect(page.getByRole('row').filter({ hasText: 'admin@' })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: 'tomas@example.com' })).toBeVisible();
  } finally {
    expect((await rest('DELETE', `custom-fields/${field.id}`)).status()).toBe(200);
  }
  await leaveOnHome(page);
});

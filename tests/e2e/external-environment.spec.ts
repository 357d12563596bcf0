// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

const shots = process.env.SCREENSHOTS_DIR;
const TITLE = 'Flota remota';

/** The administrator of the main server adds the renew server as an external environment. */
async function addExternalEnvironment(page: Page) {
  await page.goto('/app/environments');
  // The system environment is never offered for deletion (issue 17, defect 9).
  await page.getByRole('row').filter({ hasText: 'Local' }).click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'Editar' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Crear' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alta de entorno' });
  await dialog.getByLabel('Nombre').fill(TITLE);
  await dialog.getByLabel('Dirección del servidor').fill(E2E.renew.url);
  await dialog.getByLabel('Proveedor de identidad').fill(`${E2E.renew.url}/oidc`);
  await dialog.getByLabel('Licencias máximas').fill('50');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento creado')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: TITLE });
  // Not a system environment: its "Sistema" cell says no.
  await expect(row.getByRole('img', { name: 'No' })).toBeVisible();
  // Edited twice in a row: each save sends the version it read (the engine refuses a stale one).
  for (const mask of ['yyyy-mm-dd', 'dd/mm/yyyy']) {
    await row.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Formato de fecha').fill(mask);
    if (shots) await page.screenshot({ path: `${shots}/environment-edit-${mask.slice(0, 2)}.png` });
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText('Elemento actualizado')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

/** Connects through the renew server's sign-in popup with its own administrator. */
async function connectThroughPopup(page: Page) {
  const renewAdmin = demoUsers(E2E.renew.dataDir).admin;
  const card = page.getByRole('region', { name: TITLE });
  await expect(card.getByText('Usuario: No conectado')).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Conectar' }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(new RegExp(`^${E2E.renew.url}/oidc/interaction/`));
  const size = await popup.evaluate(() => [window.outerWidth, window.outerHeight]);
  expect(size[0]).toBeGreaterThanOrEqual(800);
  await popup.locator('input[name="login"]').fill(renewAdmin.login);
  await popup.locator('input[name="password"]').fill(renewAdmin.password);
  await popup.locator('button[type="submit"]').click();
  await popup.waitForEvent('close');
  await expect(card.getByText(`Usuario: ${renewAdmin.login}`)).toBeVisible();
}

/** The access token the console holds for the external environment (its own localStorage key). */
function externalToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('flota.environment.')) {
        return (
          (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string })
            .access_token ?? null
        );
      }
    }
    return null;
  });
}

/** The dashboard and connect screen with the external environment, in both languages and sizes. */
async function screenshots(page: Page, directory: string, connectPath: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 740 });
    // On a phone the menu is a drawer over the page: start with it closed, as a phone would.
    await page.evaluate(() => localStorage.setItem('RaStore.sidebar.open', 'false'));
    await page.reload();
    for (const language of ['es', 'en'] as const) {
      await chooseLanguage(page, language);
      await page.goto('/app/mam?redirect=app.mam');
      await expect(page.getByRole('region', { name: TITLE })).toContainText('admin');
      await page.waitForTimeout(400);
      const shot = (name: string) =>
        page.screenshot({ path: `${directory}/${name}-${language}-${width}.png`, fullPage: true });
      await shot('environments-external');
      await page.goto(connectPath);
      await expect(page.getByRole('row').filter({ hasText: 'Demo' })).toBeVisible();
      await shot('serverconnect-external');
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await chooseLanguage(page, 'es');
}

test('the console signs in to another Flota server through the popup and lists its projects', async ({
  page,
}) => {
  // Two servers and a popup sign-in: a loaded 2-core machine once took longer than 90 s.
  test.setTimeout(180_000);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await addExternalEnvironment(page);

  await page.getByRole('menuitem', { name: 'Entornos y proyectos' }).click();
  await expect(page.getByRole('region', { name: 'Local' })).toBeVisible();
  await connectThroughPopup(page);
  const firstToken = await externalToken(page);
  expect(firstToken).toBeTruthy();

  const card = page.getByRole('region', { name: TITLE });
  // Connected, the card shows the renew server's own figures: its Demo project and its pool of
  // 1000 licences, 200 of them assigned (this server only recorded 50 for it).
  await expect(card.getByText('1 proyecto')).toBeVisible();
  await expect(card.getByText('800 licencias libres de 1000')).toBeVisible();
  await card.getByRole('link', { name: 'Ver proyectos' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Proyectos de ${TITLE}` }),
  ).toBeVisible();
  // The projects come from the renew server, asked with the token of the popup sign-in.
  const table = page.getByRole('table', { name: 'Proyectos del entorno' });
  await expect(table.getByRole('row').filter({ hasText: 'Demo' })).toBeVisible();
  if (shots)
    await screenshots(page, shots, new URL(page.url()).pathname + new URL(page.url()).search);

  // Opening it makes the renew server the current environment: the device list asks it.
  const asked = page.waitForRequest(
    (request) =>
      request.url() === `${E2E.renew.url}/api/services` &&
      (request.postData() ?? '').includes('devicesWithPages'),
  );
  await table.getByRole('button', { name: 'Abrir Demo' }).click();
  await expect(page).toHaveURL(/\/app\/devicelist\?database=\d+/);
  await asked;

  // The renew server's tokens last 40 s: the console renews its own copy before it lapses.
  await expect
    .poll(() => externalToken(page), { timeout: 45_000, intervals: [1000] })
    .not.toBe(firstToken);

  // Logging out of it forgets its token: back to the own server, not connected.
  await page.goto('/app/mam?redirect=app.mam');
  await card.getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(card.getByText('Usuario: No conectado')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Conectar' })).toBeVisible();

  // The environment holds no project of this server: it can be deleted again.
  await page.goto('/app/environments');
  await page.getByRole('row').filter({ hasText: TITLE }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Registro borrado')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: TITLE })).toHaveCount(0);
  await leaveOnHome(page);
});

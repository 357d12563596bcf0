import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { uniformTree } from '../../protocol/access-tree';
import {
  chooseLanguage,
  demoProject,
  demoUsers,
  leaveOnHome,
  signIn,
  storedAccessToken,
} from './support';

const shots = process.env.SCREENSHOTS_DIR;

/** The pid of a project, as the recent projects list answers it. */
async function pidOf(page: Page, name: string): Promise<string> {
  await page.goto('/app/recents');
  const listed = await callService(page, 'recents', { filter: { q: name } });
  const rows = (listed.result as { data: { name: string; pid: string }[] }).data;
  return rows.find((row) => row.name === name)!.pid;
}

/** The row of a project in a declared list: the one whose actions open it. */
const projectRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: `Abrir ${name}` }) });

test('the owner shares Demo with usuario (devices: view only), who then finds it shared and recent', async ({
  page,
  browser,
}) => {
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Proyectos recientes' }).click();
  await expect(page).toHaveURL(/\/app\/recents/);
  await page.getByRole('button', { name: 'Compartir Demo' }).click();
  await expect(page).toHaveURL(/modal=share&pid=/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Compartir «Demo»')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Usuario' }).fill('usu');
  await page.getByRole('option', { name: /^usuario/ }).click();
  await dialog.getByRole('button', { name: 'Nada' }).click();
  await dialog.getByRole('checkbox', { name: 'Ver: Dispositivos' }).check();
  await expect(dialog.getByRole('checkbox', { name: 'Ver: Activar y desactivar' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Modificar: Dispositivos' })).not.toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Ver: Informes' })).not.toBeChecked();
  await dialog.getByRole('button', { name: /^(Compartir|Guardar cambios)$/ }).click();
  await expect(page.getByText('Proyecto compartido con usuario')).toBeVisible();
  await expect(
    dialog.getByRole('list', { name: 'Compartido con' }).getByText(/Acceso parcial/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(page).not.toHaveURL(/modal=share/);
  await leaveOnHome(page);

  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, E2E.main.url, users.usuario);
  await chooseLanguage(other, 'es');
  await other.getByRole('menuitem', { name: 'Proyectos compartidos' }).click();
  await expect(other).toHaveURL(/\/app\/shareds/);
  const shared = projectRow(other, 'Demo');
  await expect(shared).toContainText('admin');
  await expect(shared).toContainText('Compartido con usted');
  await expect(shared).toContainText('Acceso parcial');
  await expect(shared.getByRole('button', { name: 'Compartir Demo' })).toHaveCount(0);

  // Opening the project is what records it as recent (projectAccess).
  const opened = other.waitForResponse((response) =>
    (response.request().postData() ?? '').includes('"projectAccess"'),
  );
  await shared.getByRole('link', { name: 'Abrir Demo' }).click();
  await expect(other).toHaveURL(/\/app\/devicelist\?database=\d+/);
  await expect(other.getByRole('heading', { level: 1, name: 'Dispositivos' })).toBeVisible();
  await opened;
  await other.getByRole('menuitem', { name: 'Proyectos recientes' }).click();
  const recent = projectRow(other, 'Demo');
  await expect(recent).toBeVisible();
  // Its last access is now a date and time.
  await expect(recent.locator('time')).toHaveCount(1);
  await leaveOnHome(other);
  await context.close();

  // usuario's share back as the demo seeds it (every area to view): later specs of this server
  // (show-only.spec.ts) read Demo as that user.
  const shares = await callService(page, 'projectShares', { database: demoProject() });
  const share = (shares.result as { userId: number; login: string }[]).find(
    (entry) => entry.login === 'usuario',
  )!;
  const restored = await callService(page, 'shareProject', {
    database: demoProject(),
    userId: share.userId,
    permissions: {},
    access: uniformTree(true, false),
  });
  expect(restored.error.code).toBe('0');
});

/** An operation called with the signed-in console user's token, answered raw. */
async function callService(page: Page, operation: string, parameter: unknown) {
  const { token } = (await storedAccessToken(page))!;
  const response = await page.request.post(`${E2E.main.url}/api/services`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { operation, parameter },
  });
  return (await response.json()) as { error: { code: string }; result: unknown };
}

test('the owner publishes Demo to a second environment of this server', async ({ page }) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  // A second system environment: this server's address and identity provider again.
  const listed = await callService(page, 'environments', {});
  const [local] = (listed.result as { data: { address: string; authority: string }[] }).data;
  const created = await callService(page, 'createEnvironment', {
    name: 'Réplica',
    urlManager: local.address,
    urlAuthority: local.authority,
  });
  expect(created.error.code).toBe('0');

  await page.goto('/app/recents');
  await page.getByRole('button', { name: 'Publicar Demo' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Entorno de destino' }).click();
  await page.getByRole('option', { name: 'Réplica' }).click();
  await dialog.getByRole('button', { name: 'Publicar' }).click();
  await expect(dialog.getByText(/^Publicado en «Réplica» como proyecto nº \d+\.$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(page.getByRole('link', { name: 'Abrir Demo (Réplica)' })).toBeVisible();
  await leaveOnHome(page);
});

for (const width of [1280, 375]) {
  test(`the projects screens render in Spanish and English at ${width} px`, async ({ page }) => {
    test.skip(!shots, 'only when SCREENSHOTS_DIR is set');
    await page.setViewportSize({ width, height: width > 500 ? 800 : 740 });
    await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
    for (const language of ['es', 'en'] as const) {
      await chooseLanguage(page, language);
      const pid = await pidOf(page, 'Demo');
      const shot = (name: string) =>
        page.screenshot({ path: `${shots}/${name}-${language}-${width}.png`, fullPage: true });
      await expect(page.getByRole('link', { name: /Demo$/ })).toBeVisible();
      await shot('recents');
      await page.goto(`/app/recents?modal=share&pid=${pid}`);
      await expect(
        page.getByRole('checkbox', { name: /^(Ver: Informes|View: Reports)$/ }),
      ).toBeVisible();
      await page.waitForTimeout(400); // the dialog fades in
      await page.screenshot({ path: `${shots}/share-${language}-${width}.png` });
      await page
        .getByRole('checkbox', { name: /^(Ver: Informes|View: Reports)$/ })
        .scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/share-tree-${language}-${width}.png` });
      await page.goto(`/app/recents?modal=publish&pid=${pid}`);
      await page
        .getByRole('combobox', { name: /^(Entorno de destino|Target environment)$/ })
        .click();
      await page.getByRole('option').first().click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${shots}/publish-${language}-${width}.png` });
      await page.goto('/app/shareds?projectType=mam');
      await expect(page.getByRole('link', { name: /Demo$/ })).toBeVisible();
      await shot('shareds');
    }
    await leaveOnHome(page);
  });
}

import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet, type SimulatedFleet } from './fleet';
import { choosePasswordFromMail } from './outbox';
import { chooseLanguage, demoUsers, leaveOnHome, signIn, storedAccessToken } from './support';

/**
 * Access trees per user (docs/decisions.md "Access trees per user"): an administrator creates a
 * user who may only view the devices of the demo project; the user sets a password from the
 * mailed link, sees the device list without edit, delete or commands, and the server refuses
 * those calls made directly; locked, the user's next request is refused.
 */

let fleet: SimulatedFleet | undefined;

test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 3);
});

test.afterAll(async () => {
  await fleet?.stop();
});

/** An operation called with a page's console token, answered raw. */
async function call(page: Page, operation: string, parameter: unknown) {
  const { token } = (await storedAccessToken(page))!;
  const response = await page.request.post(`${E2E.main.url}/api/services`, {
    headers: { authorization: `Bearer ${token}` },
    data: { operation, parameter },
  });
  return { status: response.status(), body: await response.json() };
}

async function shoot(page: Page, name: string) {
  const shots = process.env.SCREENSHOTS_DIR;
  for (const width of shots ? [1280, 375] : []) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(sideways, `${name} at ${width} px scrolls sideways`).toBe(false);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  // The app bar hides while the page is scrolled down.
  await page.evaluate(() => window.scrollTo(0, 0));
}

test('a user given only Devices → view sees the list, cannot change it, and is locked out', async ({
  page,
  browser,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Usuarios', exact: true }).click();
  await page.getByRole('button', { name: 'Crear' }).click();
  const creation = page.getByRole('main');
  await creation.getByLabel('Usuario *').fill('marta');
  await expect(creation.getByText('Disponible', { exact: true })).toBeVisible();
  await creation.getByLabel('Correo electrónico *').fill('marta@example.com');
  await creation.getByRole('button', { name: 'Todos' }).click();
  await creation.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/app\/users$/);
  const row = page.getByRole('row').filter({ hasText: 'marta@example.com' });
  await row.getByRole('cell', { name: 'marta', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/users\/\d+$/);

  // The menu: only Devices → MAM, to view.
  const menuTree = page.getByRole('region', { name: 'Menú del portal en la nube' });
  await expect(menuTree.getByText(/Sin árbol: ve el menú que le da su rol/)).toBeVisible();
  await menuTree.getByRole('button', { name: 'Dar un árbol de menú' }).click();
  await menuTree.getByRole('button', { name: 'Nada' }).click();
  await menuTree.getByRole('checkbox', { name: 'Ver: Dispositivos → MAM' }).check();
  await expect(
    menuTree.getByRole('checkbox', { name: 'Ver: Dispositivos', exact: true }),
  ).toBeChecked();
  await expect(
    menuTree.getByRole('checkbox', { name: 'Ver: Proyectos', exact: true }),
  ).not.toBeChecked();
  await menuTree.getByRole('button', { name: 'Guardar el menú' }).click();
  await expect(page.getByText('Árbol de menú guardado')).toBeVisible();

  // The demo project: Devices → view, without opening a device to edit it.
  const projects = page.getByRole('region', { name: 'Proyectos de este entorno' });
  const demoItem = projects.getByRole('button', { name: /Demo/ });
  await expect(demoItem).toContainText('Sin acceso');
  const numero = Number(/#(\d+)/.exec((await demoItem.textContent()) ?? '')![1]);
  await demoItem.click();
  const projectTree = page.getByRole('region', { name: 'Acceso a «Demo»' });
  await projectTree.getByRole('button', { name: 'Nada' }).click();
  await projectTree.getByRole('checkbox', { name: 'Ver: Dispositivos' }).check();
  await projectTree.getByRole('checkbox', { name: 'Ver: Modificar' }).uncheck();
  await expect(
    projectTree.getByRole('checkbox', { name: 'Modificar: Dispositivos' }),
  ).not.toBeChecked();
  await projectTree.getByRole('button', { name: 'Dar acceso' }).click();
  await expect(page.getByText('Acceso a «Demo» guardado')).toBeVisible();
  await expect(demoItem).toContainText('Con acceso');
  await shoot(page, 'user-access-es');
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('region', { name: 'Cloud portal menu' })).toBeVisible();
  await shoot(page, 'user-access-en');
  await chooseLanguage(page, 'es');

  // Marta chooses her password from the mail and signs in.
  const context = await browser.newContext();
  const marta = await context.newPage();
  await choosePasswordFromMail(marta, E2E.main.dataDir, 'marta@example.com', 'clave-de-marta');
  await signIn(marta, E2E.main.url, { login: 'marta', password: 'clave-de-marta' } as never);
  await chooseLanguage(marta, 'es');
  // Her menu follows her tree: the device area, no projects or environments.
  await expect(marta.getByRole('menuitem', { name: 'Dispositivos', exact: true })).toBeVisible();
  await expect(marta.getByRole('menuitem', { name: 'Entornos' })).toHaveCount(0);
  await expect(marta.getByRole('menuitem', { name: 'Proyectos recientes' })).toHaveCount(0);

  await marta.goto(`/app/devicelist?database=${numero}`);
  const devices = marta.locator('tbody tr[data-estado]');
  await expect(devices.first()).toBeVisible();
  await devices.first().click({ button: 'right' });
  const menu = marta.getByRole('menu', { name: 'Acciones del dispositivo' });
  await expect(menu).toBeVisible();
  for (const action of ['Editar', 'Borrar', 'Desactivar', 'Activar']) {
    await expect(menu.getByRole('menuitem', { name: action, exact: true })).toHaveCount(0);
  }
  await marta.keyboard.press('Escape');
  const bar = marta.locator('[data-test="bulk-actions-toolbar"]');
  await expect(bar.getByRole('button', { name: 'Comandos', exact: true })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Borrar', exact: true })).toHaveCount(0);

  // The server refuses the same calls made directly with her token.
  const listed = await call(marta, 'devicesWithPages', { database: numero });
  expect(listed.body.error.code).toBe('0');
  const mid = listed.body.result.data[0].MID as string;
  const id = listed.body.result.data[0].ID as number;
  for (const [operation, parameter] of [
    ['deviceDelete', { database: numero, ID: id }],
    ['sendCommand', { database: numero, cmd: 'ring', dest: [mid] }],
    ['setPendingDevices', { database: numero, lstMID: [mid], status: 'disabled' }],
    ['deviceForEdit', { database: numero, ID: id }],
  ] as const) {
    const refused = await call(marta, operation, parameter);
    expect(refused.status, operation).toBe(403);
  }
  const environments = await call(marta, 'environments', {});
  expect(environments.status).toBe(403);
  expect(environments.body.error.description).toBe(
    'Su árbol de accesos no le permite «Proyectos → Entornos».',
  );

  // Locked by the administrator, her next request is refused.
  await page.getByRole('menuitem', { name: 'Usuarios', exact: true }).click();
  await row.getByRole('button', { name: 'Bloquear marta' }).click();
  await page.getByRole('button', { name: 'Bloquear' }).last().click();
  await expect(page.getByText('Usuario bloqueado')).toBeVisible();
  expect((await call(marta, 'devicesWithPages', { database: numero })).status).toBe(401);
  await context.close();
  await leaveOnHome(page);
});

// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { startFleet, type SimulatedFleet, fleetDevices } from './fleet';
import {
  chooseLanguage,
  demoProject,
  demoUsers,
  leaveOnHome,
  signIn,
  storedAccessToken,
} from './support';

/** The simulated fleet's MIDs, from the simulator's own state file. */
function simulatedMids(): string[] {
  return fleetDevices(E2E.main.dataDir).map((device) => device.mid);
}

/**
 * The newest task's row once the device has ended it, pinned by its ID; a failure on purpose is
 * ordered again, once per failed task (the tab rereads its tasks every 3 s, longer than a try).
 */
async function waitForDone(page: Page, editor: Locator, mid: string, done: string) {
  const tasks = editor.getByRole('table', { name: /Tareas de provisión|Provision tasks/ });
  const first = tasks.locator('tbody tr').first();
  const reordered = new Set<string>();
  let id = '';
  await expect(async () => {
    const [shown, ...rest] = (await first.locator('td').allTextContents()).map((t) => t.trim());
    if (/Fallida|Failed/.test(rest.join(' ')) && !reordered.has(shown)) {
      // The simulator fails a few provisions on purpose (simulator/provision.ts): order again.
      reordered.add(shown);
      const stored = await storedAccessToken(page);
      await page.request.post('/api/services', {
        headers: { authorization: `Bearer ${stored!.token}` },
        data: {
          operation: 'provisioningDevice',
          parameter: { database: demoProject(), key: 'provDatabase', devices: [mid] },
        },
      });
    }
    await expect(first).toContainText(done, { timeout: 2000 });
    id = ((await first.locator('td').first().textContent()) ?? '').trim();
  }).toPass({ timeout: 60_000 });
  // That task by its ID: a later reread may put a newer one first.
  return tasks
    .locator('tbody tr')
    .filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^${id}$`) }) });
}

/** Right-clicks a row the selection's bar may cover (the event reaches the row itself). */
async function openMenu(row: Locator) {
  const box = await row.boundingBox();
  await row.dispatchEvent('contextmenu', {
    button: 2,
    clientX: (box?.x ?? 0) + 200,
    clientY: (box?.y ?? 0) + 10,
  });
}

let fleet: SimulatedFleet | undefined;
test.afterAll(async () => {
  await fleet?.stop();
});

test('an operator provisions a database to a simulated device and follows its task and log', async ({
  page,
}) => {
  test.setTimeout(240_000);
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 3);
  const mid = simulatedMids()[0];
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Dispositivos', exact: true }).click();
  const row = page.locator('tbody tr[data-estado]', { hasText: mid });
  await expect(row).toBeVisible();
  await row.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Provisión', exact: true }).click();
  const submenu = page.getByRole('menu', { name: 'Provisión' });
  for (const item of [
    'Instalación',
    'Configuración',
    'Base de datos',
    'Base de datos segura',
    'Enviar correo de instalación',
    'Enviar correo de instalación a todos',
    'Borrar base de datos segura',
  ]) {
    await expect(submenu.getByRole('menuitem', { name: item, exact: true })).toBeVisible();
  }
  await expectAccessible(
    page,
    'provisioning submenu (es)',
    'ul[role="menu"][aria-label="Provisión"]',
  );
  await shoot(page, 'provisioning-menu-es', { sideways: true });
  await submenu.getByRole('menuitem', { name: 'Base de datos', exact: true }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('¿Provisionar la base de datos a 1 dispositivo?');
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText(/Provisión correcta: 1 tareas nuevas/)).toBeVisible();

  // The row stays selected, under the selection's bar: its menu's Edit opens the device.
  await openMenu(row);
  await page.getByRole('menuitem', { name: 'Editar', exact: true }).click();
  const editor = page.getByRole('dialog');
  await editor.getByRole('tab', { name: 'Provisión' }).click();
  const task = await waitForDone(page, editor, mid, 'Terminada');
  await expect(task).toContainText('Base de datos');
  await expect(task).toContainText('admin');
  await task.click();
  const log = editor.getByRole('table', { name: /Registro de la tarea/ });
  await expect(log).toContainText('Tarea creada por admin.');
  await expect(log).toContainText(/Base de datos generada: \d+ filas de 5 tablas/);
  await expect(log).toContainText('El dispositivo cargó la base de datos');
  await expectAccessible(page, 'Provision tab (es)', '[role="dialog"]');
  await shoot(page, 'provisioning-tab-es', { sideways: true });

  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'en');
  await page.getByRole('menuitem', { name: 'Devices', exact: true }).click();
  const rowEn = page.locator('tbody tr[data-estado]', { hasText: mid });
  await openMenu(rowEn);
  await page.getByRole('menuitem', { name: 'Provisioning', exact: true }).click();
  await expect(
    page
      .getByRole('menu', { name: 'Provisioning' })
      .getByRole('menuitem', { name: 'Secure database', exact: true }),
  ).toBeVisible();
  await shoot(page, 'provisioning-menu-en', { sideways: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu', { name: 'Provisioning' })).toHaveCount(0);
  // A double click on the row (under the selection's bar) opens the device.
  await rowEn.dispatchEvent('dblclick');
  const editorEn = page.getByRole('dialog');
  await editorEn.getByRole('tab', { name: 'Provisioning' }).click();
  const taskEn = editorEn
    .getByRole('table', { name: 'Provision tasks' })
    .locator('tbody tr')
    .first();
  await expect(taskEn).toContainText('Done');
  await taskEn.click();
  await expect(editorEn.getByRole('table', { name: /Log of task/ })).toContainText(
    'Task created by admin.',
  );
  await shoot(page, 'provisioning-tab-en', { sideways: true });

  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

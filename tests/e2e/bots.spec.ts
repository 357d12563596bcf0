import { expect as expectNow, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet } from './fleet';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * Bots (docs/bots.md): an administrator creates one in the console, tries it (the devices it
 * would fire on), runs it now, and reads what it did in its runs; in Spanish and English.
 */
test('an administrator creates a bot, tries it, runs it and reads its runs', async ({ page }) => {
  test.setTimeout(360_000);
  // Devices of the demo project for the bot to fire on.
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 3);
  await fleet.stop();
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Bots', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/bots/);

  const name = `Informe diario ${Date.now() % 100000}`;
  await page.getByRole('button', { name: 'Crear' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Proyecto').click();
  await page.getByRole('option', { name: /Demo/ }).first().click();
  await dialog.getByLabel('Disparador').click();
  await page.getByRole('option', { name: 'Cada cierto tiempo' }).click();
  await dialog.getByLabel('Correo a').fill('operaciones@example.com');
  await shootAt(page, 'bots-create');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Cada cierto tiempo');
  await shootAt(page, 'bots-list');

  // Tried: the devices it would fire on, nothing sent.
  await row.getByRole('button', { name: `Probar: ${name}` }).click();
  const tried = page.getByRole('dialog', { name: `Prueba del bot «${name}»` });
  await expect(tried).toContainText(/Se dispararía ahora en \d+ dispositivos?\./);
  await tried.getByRole('button', { name: 'Cerrar' }).click();

  // Run now: it mails about the project's devices, and its runs say so.
  await row.getByRole('button', { name: `Ejecutar ahora: ${name}` }).click();
  const ran = page.getByRole('dialog', { name: `Ejecución del bot «${name}»` });
  await expect(ran).toContainText(
    /Correo enviado a operaciones@example\.com sobre \d+ dispositivos\./,
  );
  await ran.getByRole('button', { name: 'Cerrar' }).click();
  await row.getByRole('link', { name: `Ejecuciones: ${name}` }).click();
  await expect(page).toHaveURL(/\/app\/botruns/);
  const run = page.getByRole('row', { name: new RegExp(name) });
  await expect(run).toContainText('Ejecutado');
  await expect(run).toContainText('Correo enviado a operaciones@example.com');
  await shootAt(page, 'bots-runs');

  // In English, the same screens in its words.
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Done');
  await shootAt(page, 'bots-runs-en');
  await page.getByRole('menuitem', { name: 'Bots', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('On a schedule');
  await shootAt(page, 'bots-list-en');

  // Deleted with its history, the user left in Spanish.
  await chooseLanguage(page, 'es');
  await page.getByRole('row', { name: new RegExp(name) }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Registro borrado')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await leaveOnHome(page);
});

import { expect as expectNow, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { ageOfflineDevices, fleetMids, startFleet, waitForPresence } from './fleet';
import { lastMail } from './outbox';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * Bots (docs/bots.md): an administrator chooses the project in the page's params modal
 * (`?pid=`), creates a bot there that mails when a device stays offline, tries it, runs it on a
 * simulated device that went offline, and reads in its runs the mail that is in the outbox; in
 * Spanish and English. A save the server refuses ("-1") is an information dialog (002 §8).
 */
test('a bot created in the console fires on a device gone offline and mails it', async ({
  page,
}) => {
  test.setTimeout(360_000);
  // A simulated device of the demo project goes offline, its last contact two hours back (the
  // smallest threshold is one hour).
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 1);
  const mids = await fleetMids(E2E.main.dataDir, 1);
  await waitForPresence(E2E.main.dataDir, mids, true);
  await fleet.stop();
  expectNow(await ageOfflineDevices(E2E.main.dataDir, mids, 2)).toBe(1);
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Bots', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/bots/);

  // The params modal: the project, then its bots only.
  await page.getByRole('button', { name: 'Proyecto', exact: true }).click();
  const params = page.getByRole('dialog', { name: 'Proyecto' });
  await params.getByLabel('Proyecto').click();
  await page.getByRole('option', { name: /Demo/ }).first().click();
  await shootAt(page, 'bots-params');
  await params.getByRole('button', { name: 'Ver' }).click();
  await expect(page).toHaveURL(/\/app\/bots\?pid=\d+/);
  await expect(page.getByRole('button', { name: 'Cambiar de proyecto' })).toBeVisible();

  const stamp = Date.now() % 100000;
  const name = `Desconectados ${stamp}`;
  const to = `guardia-${stamp}@example.com`;
  await page.getByRole('button', { name: 'Crear' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill(name);
  // A new bot starts in the chosen project.
  await expect(dialog.getByLabel('Proyecto')).toHaveValue(/Demo/);
  await dialog.getByLabel('Disparador').click();
  await page.getByRole('option', { name: 'Desconectado más de N horas' }).click();
  await dialog.getByLabel('Umbral (N)').fill('1');
  // Without whom to mail, the server refuses: its description in an information dialog.
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  const refused = page.getByRole('alertdialog', { name: 'Información' });
  await expect(refused).toContainText('La acción «Enviar un correo» necesita a quién enviarlo.');
  await shootAt(page, 'bots-refused');
  await refused.getByRole('button', { name: 'Aceptar' }).click();
  await dialog.getByLabel('Correo a').fill(to);
  await shootAt(page, 'bots-create');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Desconectado más de N horas');
  await shootAt(page, 'bots-list');

  // Tried: the devices it would fire on, nothing sent.
  await row.getByRole('button', { name: `Probar: ${name}` }).click();
  const tried = page.getByRole('dialog', { name: `Prueba del bot «${name}»` });
  await expect(tried).toContainText(/Se dispararía ahora en \d+ dispositivos?\./);
  await tried.getByRole('button', { name: 'Cerrar' }).click();

  // Run now: it mails about the offline devices; its runs say so, and the mail is in the outbox.
  await row.getByRole('button', { name: `Ejecutar ahora: ${name}` }).click();
  const ran = page.getByRole('dialog', { name: `Ejecución del bot «${name}»` });
  await expect(ran).toContainText(new RegExp(`Correo enviado a ${to} sobre \\d+ dispositivos?\\.`));
  await ran.getByRole('button', { name: 'Cerrar' }).click();
  await row.getByRole('link', { name: `Ejecuciones: ${name}` }).click();
  await expect(page).toHaveURL(/\/app\/botruns/);
  const run = page.getByRole('row', { name: new RegExp(name) });
  await expect(run).toContainText('Ejecutado');
  await expect(run).toContainText(`Correo enviado a ${to}`);
  await shootAt(page, 'bots-runs');
  const mail = await lastMail(E2E.main.dataDir, to);
  expectNow(mail).toContain(`«${name}»`);
  expectNow(mail).toContain('Desconectado más de N horas');
  expectNow(mail).toContain(mids[0]);

  // In English, the same screens in its words.
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Done');
  await shootAt(page, 'bots-runs-en');
  await page.getByRole('menuitem', { name: 'Bots', exact: true }).click();
  await page.getByRole('button', { name: 'Project', exact: true }).click();
  const paramsEn = page.getByRole('dialog', { name: 'Project' });
  await paramsEn.getByLabel('Project').click();
  await page.getByRole('option', { name: /Demo/ }).first().click();
  await shootAt(page, 'bots-params-en');
  await paramsEn.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
    'Offline longer than N hours',
  );
  await shootAt(page, 'bots-list-en');
  if (process.env.SCREENSHOTS_DIR) {
    // The refusal's information dialog in English, for the screenshots only.
    await page.getByRole('button', { name: 'Create' }).click();
    const createEn = page.getByRole('dialog');
    await createEn.getByLabel('Name').fill(`${name} bis`);
    await createEn.getByLabel('Threshold (N)').fill('1');
    await createEn.getByRole('button', { name: 'Save' }).click();
    const refusedEn = page.getByRole('alertdialog', { name: 'Information' });
    await expect(refusedEn).toContainText('The action "Send a mail" needs whom to send it to.');
    await shootAt(page, 'bots-refused-en');
    await refusedEn.getByRole('button', { name: 'OK' }).click();
    await createEn.getByRole('button', { name: 'Cancel' }).click();
  }

  // Deleted with its history, the user left in Spanish.
  await chooseLanguage(page, 'es');
  const listed = page.getByRole('row', { name: new RegExp(name) });
  // The list in Spanish again before its row's menu is asked for.
  await expect(listed).toContainText('Desconectado más de N horas');
  await listed.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByText('Registro borrado')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await leaveOnHome(page);
});

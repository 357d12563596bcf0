import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { startFleet, type SimulatedFleet } from './fleet';
import {
  chooseLanguage,
  demoProject,
  demoUsers,
  leaveOnHome,
  signIn,
  storedAccessToken,
} from './support';

/** An operation called with the signed-in page's token; its result, after checking the code. */
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

type Row = { ID: number; MID: string; DEVICE_TYPE: string | null };

let fleet: SimulatedFleet | undefined;
test.afterAll(async () => {
  await fleet?.stop();
});

test('an operator publishes an SQL and file update to a group, watches it confirmed, downloads the file', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const database = demoProject();
  // A fleet that stays connected: its devices download, apply and confirm what is published.
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 6);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');

  // A group of the connected devices of one platform (earlier specs may have left others).
  const online = await call<{ data: Row[] }>(page, 'devicesWithPages', {
    database,
    fleet: 'online',
    datatable: { start: 0, length: 50 },
  });
  const byPlatform = new Map<string, Row[]>();
  for (const row of online.data) {
    const platform = row.DEVICE_TYPE ?? '';
    byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), row]);
  }
  const members = [...byPlatform.values()].sort((a, b) => b.length - a.length)[0].slice(0, 3);
  expect(members.length).toBeGreaterThan(0);
  const groupName = `E2E actualizaciones ${Date.now() % 100000}`;
  await call(page, 'admgroups', {
    database,
    oper: 'update',
    data: {
      NAME: groupName,
      DESCRIPTION: 'Grupo de la prueba de actualizaciones',
      Devices: members.map((row) => row.ID),
      Users: [],
    },
  });

  await page.goto(`/app/updates?database=${database}`);
  await expect(page.getByRole('heading', { name: 'Totales' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Pendientes por dispositivo' })).toBeVisible();
  await expectAccessible(page, 'updates overview');
  await shoot(page, 'updates-overview-es', { sideways: true });

  // 000 §5: the type first, then the groups, each in the 'Selección vacía' notice.
  await page.getByRole('button', { name: 'Nueva actualización' }).click();
  await page.getByRole('button', { name: 'Publicar' }).click();
  const notice = page.getByRole('dialog', { name: 'Selección vacía' });
  await expect(notice).toContainText('Elige el TIPO de Actualización.');
  await notice.getByRole('button').click();
  await page.getByRole('combobox', { name: 'Tipo de actualización' }).click();
  await page.getByRole('option', { name: 'Grupos' }).click();
  await page.getByRole('button', { name: 'Publicar' }).click();
  await expect(notice).toContainText('No hay grupos seleccionados.');
  await notice.getByRole('button').click();
  await page.getByRole('textbox', { name: 'Buscar grupos' }).fill(groupName);
  await page.getByRole('checkbox', { name: groupName }).check();

  // A file to copy and a direct SQL text written in Monaco.
  const bytes = Buffer.from('config=1\n'.repeat(2000));
  await page.getByTestId('update-file-copy').setInputFiles([
    { name: 'ajustes.cfg', mimeType: 'text/plain', buffer: bytes },
    { name: 'leeme.txt', mimeType: 'text/plain', buffer: Buffer.from('hola\n') },
  ]);
  await page.getByRole('button', { name: 'Texto SQL' }).click();
  const sqlDialog = page.getByRole('dialog', { name: 'Texto SQL de la actualización' });
  await sqlDialog.locator('.monaco-editor').click();
  await page.keyboard.type('DELETE FROM gen_clientes WHERE id = 0');
  await sqlDialog.getByRole('button', { name: 'Aceptar' }).click();
  const files = page.getByRole('table', { name: 'Ficheros' });
  await expect(files.getByRole('row', { name: /ajustes\.cfg/ })).toContainText('Copiar');
  await expect(files.getByRole('row', { name: /update\.sql/ })).toContainText('SQL directo');
  await expectAccessible(page, 'new update');
  await shoot(page, 'updates-new-es', { sideways: true });

  // The network fails on the second file: Reintentar sends that one only, then publishes.
  let uploads = 0;
  await page.route('**/api/updates/upload', (route) =>
    ++uploads === 2 ? route.abort('failed') : route.continue(),
  );
  await page.getByRole('button', { name: 'Publicar' }).click();
  // Asked first, with the number of devices the server counts for the group.
  const asked = page.getByRole('dialog', { name: 'Publicar la actualización' });
  await expect(asked).toContainText(new RegExp(`${members.length} dispositivos?\\.`));
  await asked.getByRole('button', { name: 'Publicar' }).click();
  await expect(page.getByRole('button', { name: 'Reintentar' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('uploaded ok')).toBeVisible();
  await expectAccessible(page, 'publish interrupted');
  await shoot(page, 'updates-progress-es', { sideways: true });
  await page.getByRole('button', { name: 'Reintentar' }).click();
  await expect(
    page.getByText(new RegExp(`Actualización .+ publicada para ${members.length} dispositivo`)),
  ).toBeVisible({ timeout: 30_000 });
  expect(uploads).toBe(3);
  await page.unroute('**/api/updates/upload');
  const totals = page.getByRole('region', { name: /^Totales/ });
  const row = totals.getByRole('row', { name: new RegExp(groupName) });
  await expect(row).toContainText('Grupos');
  const version = (await row.getByRole('cell').nth(4).innerText()).trim();

  // The devices confirm (some slowly): their rows move from Pending to Confirmed.
  const confirmed = page.getByRole('region', { name: /^Confirmadas por dispositivo/ });
  await confirmed.getByRole('button', { name: 'Dispositivo' }).click();
  await expect(async () => {
    await expect(confirmed.getByRole('row', { name: new RegExp(version) })).not.toHaveCount(0, {
      timeout: 1000,
    });
  }).toPass({ timeout: 120_000 });
  await expectAccessible(page, 'updates confirmed');
  const pending = page.getByRole('region', { name: /^Pendientes por dispositivo/ });
  await pending.getByRole('button', { name: 'Versión' }).click();
  await shoot(page, 'updates-pending-es', { sideways: true });

  // The row opens to its files.
  await row.getByRole('button', { name: `Ver el detalle de ${version}` }).click();
  await expect(
    totals.getByRole('table', { name: `Ficheros de la versión ${version}` }),
  ).toContainText('ajustes.cfg');

  // From the device list: Actualizar on a selected device opens a licence update for it.
  const mid = members[0].MID;
  const filter = JSON.stringify({ rowfilter: { MID: mid }, rowfilteroper: { MID: 1 } });
  await page.goto(`/app/devicelist?database=${database}&filter=${encodeURIComponent(filter)}`);
  const deviceRow = page.locator('tbody tr[data-estado]', { hasText: mid });
  await deviceRow.getByRole('checkbox').check();
  await page
    .locator('[data-test="bulk-actions-toolbar"]')
    .getByRole('button', { name: 'Actualizar' })
    .click();
  await expect(page.getByRole('heading', { name: /Nueva actualización — Para / })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Tipo de actualización' })).toHaveText(
    'Licencia',
  );
  await expect(page.getByText(mid, { exact: true })).toBeVisible();

  // The device's Updates tab: the row, and the file downloaded.
  await page.goBack();
  await page.locator('tbody tr[data-estado]', { hasText: mid }).dblclick();
  const editor = page.getByRole('dialog');
  await editor.getByRole('tab', { name: 'Actualizaciones' }).click();
  const updates = editor.getByRole('table', { name: 'Actualizaciones del dispositivo' });
  const deviceUpdate = updates.getByRole('row', { name: new RegExp(version) });
  await expect(deviceUpdate).toContainText('Grupos');
  await deviceUpdate
    .getByRole('button', { name: `Descargar un fichero de la versión ${version}` })
    .click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /ajustes\.cfg/ }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('ajustes.cfg');
  expect(fs.readFileSync((await saved.path())!).equals(bytes)).toBe(true);
  await expect(page.getByText(/Fichero descargado/)).toBeVisible();
  await expectAccessible(page, 'device updates tab', '[role="dialog"]');
  await shoot(page, 'updates-device-tab-es', { sideways: true });

  // The language menu's Escape closes the dialog: it is opened again in English.
  await chooseLanguage(page, 'en');
  await page.locator('tbody tr[data-estado]', { hasText: mid }).dblclick();
  await editor.getByRole('tab', { name: 'Updates' }).click();
  await expect(editor.getByRole('table', { name: 'Updates of the device' })).toContainText(version);
  await shoot(page, 'updates-device-tab-en', { sideways: true });
  await page.keyboard.press('Escape');
  await page.goto(`/app/updates?database=${database}`);
  await expect(page.getByRole('heading', { name: 'Totals' })).toBeVisible();
  await shoot(page, 'updates-overview-en', { sideways: true });
  await page.getByRole('button', { name: 'New update' }).click();
  await page.getByRole('combobox', { name: 'Update type' }).click();
  await page.getByRole('option', { name: 'Platform' }).click();
  await expect(page.getByRole('combobox', { name: 'Platform Android' })).toBeVisible();
  await shoot(page, 'updates-new-en', { sideways: true });
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { deviceAuthorization } from '../../protocol/device-protocol';
import type { ReplicaResponse } from '../../protocol/replication';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { startFleet, fleetDevices } from './fleet';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

/** The simulated fleet's devices, from the simulator's own credentials file. */
function simulated(): { mid: string; credential: string }[] {
  return fleetDevices(E2E.main.dataDir);
}

/** Everything waiting for a device, fetched through the device protocol (not acknowledged). */
async function received(device: { mid: string; credential: string }) {
  const answer = await fetch(`${E2E.main.url}/api/device/v1/replica`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: deviceAuthorization(device.mid, device.credential),
    },
    body: JSON.stringify({ limit: 1000 }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { result: ReplicaResponse }).result.operations;
}

test('an operator filters gen_clientes, edits a row with replica on, and a device receives it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The fleet enrols and syncs once, then goes away: what the operator changes waits for it.
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 2);
  await fleet.stop();
  const [device] = simulated();
  const phone = `6${String(Date.now()).slice(-8)}`;

  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto(`/app/sqltables?database=${demoProject()}`);
  await expect(page.getByRole('heading', { name: 'Tablas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'gen_clientes', exact: true }).click();
  await expect(page.getByRole('table', { name: 'gen_clientes' })).toContainText('telefono');
  await expectAccessible(page, 'tables design');
  await shoot(page, 'tables-design-es');

  await page.getByRole('tab', { name: 'Datos / selección' }).click();
  const grid = page.getByRole('table', { name: 'Registros de gen_clientes' });
  await expect(grid.getByRole('row')).not.toHaveCount(1);
  // The factory's list: sorted by the server on a header's click, the filter row behind its toggle.
  await grid.getByRole('button', { name: /^Ordenar por id / }).click();
  await expect(grid.getByRole('row').nth(1)).not.toContainText('C-0001');
  await grid.getByRole('button', { name: /^Ordenar por id / }).click();
  await expect(grid.getByRole('row').nth(1)).toContainText('C-0001');
  // Multi-select mode: a checkbox per row and the delete of the selected, after a confirmation.
  await page.getByRole('switch', { name: 'Selección múltiple' }).check();
  await grid.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Borrar seleccionados (1)' }).click();
  await expect(page.getByRole('dialog', { name: 'Borrar registros' })).toContainText(
    '¿Borrar 1 registro(s) de gen_clientes?',
  );
  await page.getByRole('button', { name: 'Cancelar' }).click();
  // The selection's bar covers the list's toolbar until nothing is selected.
  await grid.getByRole('checkbox').nth(1).uncheck();
  await page.getByRole('switch', { name: 'Selección múltiple' }).uncheck();
  await expect(grid.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Filtro por columna' }).click();
  await page.getByRole('searchbox', { name: 'Valor de id' }).fill('C-0003');
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expectAccessible(page, 'tables data');
  await shoot(page, 'tables-data-es');

  await grid.getByRole('button', { name: 'Editar registro' }).click();
  const editor = page.getByRole('dialog', { name: 'Editar registro de gen_clientes' });
  await expect(editor.getByRole('textbox', { name: 'id', exact: true })).toBeDisabled();
  await editor.getByRole('textbox', { name: 'telefono', exact: true }).fill(phone);
  await expect(editor.getByLabel('Sentencia SQL')).toHaveText(
    `UPDATE gen_clientes SET telefono = '${phone}' WHERE id = 'C-0003'`,
  );
  await editor.getByRole('switch', { name: 'Replicar a los dispositivos' }).check();
  const target = editor.getByRole('textbox', { name: 'MID de destino' });
  await expect(target).toHaveValue('');
  await expect(target).toHaveAccessibleDescription('Vacío: todos los dispositivos');
  await expectAccessible(page, 'record editor');
  await shoot(page, 'tables-editor-es');
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Se ha actualizado el registro correctamente.')).toBeVisible();
  await expect(grid).toContainText(phone);
  // Above the rows, the statement the server ran.
  await expect(page.getByRole('alert').filter({ hasText: 'UPDATE' })).toContainText(phone);

  // The simulated device receives the change through the device protocol.
  const operations = await received(device);
  expect(operations).toContainEqual(
    expect.objectContaining({
      table: 'gen_clientes',
      op: 'update',
      key: { id: 'C-0003' },
      values: { telefono: phone },
    }),
  );

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'Tables', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'gen_clientes', exact: true }).click();
  await page.getByRole('tab', { name: 'Data / selection' }).click();
  const english = page.getByRole('table', { name: 'Records of gen_clientes' });
  await expect(english).toContainText(phone);
  await english.getByRole('button', { name: 'Edit record' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Edit record of gen_clientes' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'You have not changed anything in the record.',
  );
  await shoot(page, 'tables-editor-en');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Focus comes back to the edit button, whose tooltip opens: moved away before the check.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.waitForTimeout(500);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await shoot(page, 'tables-data-en');

  await page.getByRole('combobox', { name: 'Database' }).click();
  await page.getByRole('option', { name: 'IDS (users and identities)' }).click();
  await expect(page.getByRole('tab', { name: 'Data / selection' })).toBeDisabled();
  await page.getByRole('button', { name: 'users view', exact: true }).click();
  await expect(page.getByRole('table', { name: 'users' })).toContainText('login');
  await expectAccessible(page, 'tables IDS');
  await shoot(page, 'tables-ids-en');

  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

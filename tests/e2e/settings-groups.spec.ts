// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { startFleet } from './fleet';
import {
  chooseLanguage,
  demoProject,
  demoUsers,
  leaveOnHome,
  signIn,
  storedAccessToken,
} from './support';

test('an operator creates a group of same-platform devices, saves, sees it listed and deletes it', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // A simulated fleet enrols (two thirds of it Android) and goes away.
  const fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 8);
  await fleet.stop();

  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  // The company's custom field of groups (issue 34, point 7): the editor shows and saves it.
  const token = (await storedAccessToken(page))!.token;
  const rest = (method: 'POST' | 'DELETE', address: string, data?: unknown) =>
    page.request.fetch(`${E2E.main.url}/api/rest/${address}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data ? { data } : {}),
    });
  const added = await rest('POST', 'custom-fields', {
    resource: 'groups',
    name: 'zone',
    type: 'text',
    label: { es: 'Zona', en: 'Zone' },
    maxLength: 10,
  });
  expect(added.status()).toBe(201);
  const zone = (await added.json()) as { id: number };
  await page.goto(`/app/setting/group?database=${demoProject()}`);
  // The settings screen and the texts of its areas load with it: the first time takes longer.
  await expect(page.getByRole('tab', { name: 'Grupos' })).toHaveAttribute('aria-selected', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByText(/Un grupo reúne dispositivos de una misma plataforma/)).toBeVisible();

  await page.getByRole('button', { name: 'Crear' }).click();
  const editor = page.getByRole('dialog', { name: 'Alta de grupo' });
  await expect(editor).toBeVisible();
  // The four rules of 000 §5, checked before anything is sent.
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(editor.getByRole('alert')).toHaveText('Debe indicar un nombre al grupo');
  await editor.getByRole('textbox', { name: 'Nombre' }).fill('Ruta Norte');
  await editor.getByRole('textbox', { name: 'Descripción' }).fill('Repartidores Android del norte');
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(editor.getByRole('alert')).toHaveText('No se permiten grupos sin dispositivos.');

  // The picker, narrowed to Android on the server: ten rows a page.
  await editor.getByRole('combobox', { name: 'Plataforma' }).click();
  await page.getByRole('option', { name: 'Android' }).click();
  const picker = editor.getByRole('table', { name: 'Añadir dispositivos' });
  const boxes = picker.getByRole('checkbox', { name: /^Incluir .+ en el grupo$/ });
  // The unfiltered page stays until the narrowed one arrives: a tick before that could take
  // a device of another platform (CI did, and the save was refused as mixed platforms).
  await expect(picker.locator('tbody tr').first()).toContainText('Android');
  await expect(picker.locator('tbody tr', { hasNotText: 'Android' })).toHaveCount(0);
  expect(await boxes.count()).toBeLessThanOrEqual(10);
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await expect(editor.getByRole('heading', { name: 'Dispositivos del grupo (2)' })).toBeVisible();
  // Both lists are sorted by MID: the group's first device is the picker's first row. Its
  // remove button takes it out, and the picker's tick follows.
  const members = editor.getByRole('table', { name: 'Dispositivos del grupo (2)' });
  await members
    .getByRole('button', { name: /^Quitar / })
    .first()
    .click();
  await expect(editor.getByRole('heading', { name: 'Dispositivos del grupo (1)' })).toBeVisible();
  await expect(boxes.nth(0)).not.toBeChecked();
  // A click on the row (its MID) ticks it, as the box does.
  await picker.locator('tbody tr').first().locator('td').first().click();
  await expect(boxes.nth(0)).toBeChecked();
  await expect(editor.getByRole('heading', { name: 'Dispositivos del grupo (2)' })).toBeVisible();

  await editor.getByRole('combobox', { name: 'Añadir usuario' }).fill('usu');
  await page.getByRole('option', { name: /usuario/ }).click();
  await expect(editor.getByRole('checkbox', { name: 'Publica actualizaciones' })).toBeVisible();
  // The custom field, the factory's input: longer than its 10 characters is refused beside it.
  const zoneInput = editor.getByRole('textbox', { name: 'Zona' });
  await zoneInput.fill('Cantábrico norte');
  await editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(editor.getByText(/como mucho 10 caracteres/)).toBeVisible();
  await zoneInput.fill('Cantábrico');
  await expectAccessible(page, 'group editor', '[role="dialog"]');
  await shoot(page, 'groups-editor-es', { sideways: true });
  await picker.scrollIntoViewIfNeeded();
  await shoot(page, 'groups-picker-es', { sideways: true });

  await editor.getByRole('button', { name: 'Guardar' }).click();
  // A refusal shows in the editor: fail with its text rather than wait for the notice.
  await expect(page.getByText('Grupo guardado').or(editor.getByRole('alert'))).toBeVisible();
  await expect(editor.getByRole('alert')).toHaveCount(0);
  await expect(page.getByText('Grupo guardado')).toBeVisible();
  await expect(editor).toBeHidden();
  const row = page.locator('tbody tr', { hasText: 'Ruta Norte' });
  await expect(row).toContainText('Android');
  await expect(row).toContainText('Repartidores Android del norte');
  await expect(row).toContainText('Cantábrico');

  await page.getByRole('button', { name: 'Sincronizar grupos' }).click();
  await expect(page.getByText('Sincronización correcta')).toBeVisible();
  await page.getByRole('button', { name: 'Provisionar el grupo Ruta Norte' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Provisionar' }).click();
  await expect(page.getByText('Provisión correcta')).toBeVisible();
  await expectAccessible(page, 'groups tab');
  await shoot(page, 'groups-list-es', { sideways: true });

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('tab', { name: 'Groups' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Synchronise groups' })).toBeVisible();
  await shoot(page, 'groups-list-en', { sideways: true });
  await page.locator('tbody tr', { hasText: 'Ruta Norte' }).getByText('Ruta Norte').click();
  const english = page.getByRole('dialog', { name: 'Ruta Norte' });
  await expect(english.getByRole('heading', { name: 'Devices of the group (2)' })).toBeVisible();
  await expect(english.getByRole('textbox', { name: 'Zone' })).toHaveValue('Cantábrico');
  // The editor saves through the engine: the group's history has its creation.
  const history = english.getByRole('region', { name: 'History' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('admin');
  await shoot(page, 'groups-editor-en', { sideways: true });
  await english.getByRole('table', { name: 'Add devices' }).scrollIntoViewIfNeeded();
  await shoot(page, 'groups-picker-en', { sideways: true });
  // An edit through the engine (with the version it read): a custom value and a member changed,
  // both in the group's history.
  await english.getByRole('textbox', { name: 'Zone' }).fill('Cantabria');
  await english
    .getByRole('table', { name: 'Devices of the group (2)' })
    .getByRole('button', { name: /^Remove / })
    .first()
    .click();
  await english.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Group saved')).toBeVisible();
  await expect(english).toBeHidden();
  await page.locator('tbody tr', { hasText: 'Ruta Norte' }).getByText('Ruta Norte').click();
  const edited = page.getByRole('dialog', { name: 'Ruta Norte' });
  await expect(edited.getByRole('heading', { name: 'Devices of the group (1)' })).toBeVisible();
  const changes = edited.getByRole('region', { name: 'History' }).getByRole('listitem');
  await expect(changes).toHaveCount(2);
  await expect(changes.first()).toContainText('Zone: Cantábrico → Cantabria');
  await expect(changes.first()).toContainText('Devices (MID):');
  await changes.first().scrollIntoViewIfNeeded();
  await shoot(page, 'groups-history-en', { sideways: true });
  await edited.getByRole('button', { name: 'Cancel' }).click();

  await chooseLanguage(page, 'es');
  await page.locator('tbody tr', { hasText: 'Ruta Norte' }).getByText('Ruta Norte').click();
  await page
    .getByRole('dialog', { name: 'Ruta Norte' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await page
    .getByRole('dialog', { name: 'Borrar grupo' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  await expect(page.getByText('Grupo borrado')).toBeVisible();
  await expect(page.locator('tbody tr', { hasText: 'Ruta Norte' })).toHaveCount(0);
  expect((await rest('DELETE', `custom-fields/${zone.id}`)).status()).toBe(200);
  await leaveOnHome(page);
});

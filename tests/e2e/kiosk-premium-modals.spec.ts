import fs from 'node:fs';
import path from 'node:path';
import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { startFleet, type SimulatedFleet } from './fleet';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';
import { shootAt } from './shotsAt';

const expect = expectNow.configure({ timeout: 60_000 });

/**
 * The premium kiosk page's modals and device menu (docs/kiosk.md "The premium kiosk"): two
 * simulated devices enrol by the demo profile's QR link (server/kiosk/premium/demo.ts); the
 * administrator opens the profile's QR, command, launch-on-boot and app info dialogs, sends one of
 * the profile's commands from a device row's context menu and sees it executed by the device in
 * its detail (which stays open across the phone width), moves the other device to another
 * profile, then both at once from the devices tab's selection.
 */
let fleet: SimulatedFleet | undefined;
test.beforeAll(async () => {
  const state = path.join(E2E.main.dataDir, 'simulator', 'kiosk-modals.json');
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 2, ['--kiosk', '2', '--state', state]);
});
test.afterAll(async () => {
  await fleet?.stop();
});

async function openProfile(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Perfil' }).click();
  await page.getByRole('option', { name }).click();
}

test('the profile modals, a profile command sent from the device menu, a device moved', async ({
  page,
}) => {
  test.setTimeout(900_000);
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  await page.getByRole('menuitem', { name: 'Kiosco premium' }).click();
  await expect(page.getByRole('tab', { name: 'Perfiles' })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // A second profile to move a device to, with the engine's form.
  const dialog = page.getByRole('dialog');
  const profiles = page.getByRole('region', { name: 'Perfiles de kiosco' });
  await profiles.getByRole('button', { name: 'Crear' }).first().click();
  await dialog.getByLabel('Nombre').fill('Almacén');
  await dialog.getByLabel(/^Contraseña\s*\*?$/).fill('1234');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();

  await openProfile(page, 'Kiosco demo');
  const devices = page.getByRole('region', { name: 'Dispositivos del perfil «Kiosco demo»' });
  await expect(devices.getByRole('row')).toHaveCount(3);
  const actions = page.getByRole('group', { name: 'Acciones del perfil «Kiosco demo»' });

  // The QR configuration: the enrolment code, 400 × 400, of the chosen project.
  await actions.getByRole('button', { name: 'Código QR' }).click();
  const qr = page.getByRole('dialog', { name: 'Código QR del perfil «Kiosco demo»' });
  await expect(qr.getByRole('img')).toBeVisible();
  expect(
    await qr.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThanOrEqual(396);
  await qr.getByText('Contenido del código').click();
  await expect(qr.getByText(/enrolUrl/)).toBeVisible();
  await expectAccessible(page, 'premium kiosk QR dialog');
  await shootAt(page, 'kioskpremium-qr-es');
  // The same code as a vector image.
  const drawing = page.waitForEvent('download');
  await qr.getByRole('button', { name: 'Descargar SVG' }).click();
  const svg = await drawing;
  expect(svg.suggestedFilename()).toMatch(/^kiosk-profile-\d+-qr\.svg$/);
  expect(fs.readFileSync(await svg.path(), 'utf8')).toMatch(/<svg[^>]*width="400"/);
  // Type ZEBRA: the same code as a Zebra printer's ZPL label, downloaded as .zpl.
  await qr.getByRole('combobox', { name: 'Tipo' }).click();
  await page.getByRole('option', { name: 'Etiqueta Zebra' }).click();
  await expect(qr.getByText(/Etiqueta ZPL de 10 cm de ancho/)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await qr.getByRole('button', { name: 'Descargar ZPL' }).click();
  const label = await downloading;
  expect(label.suggestedFilename()).toMatch(/^kiosk-profile-\d+-label\.zpl$/);
  const zpl = fs.readFileSync(await label.path(), 'utf8');
  expect(zpl).toMatch(/^\^XA\n/);
  expect(zpl).toContain('^FDKiosco: perfil «Kiosco demo»^FS');
  expect(zpl).toMatch(/\^BQN,2,\d+\^FH\\\^FDMA,\{/);
  await expectAccessible(page, 'premium kiosk QR dialog, ZEBRA', '[role="dialog"]');
  await shootAt(page, 'kioskpremium-qr-zebra-es');
  await qr.getByRole('button', { name: 'Cerrar' }).click();

  // The command configuration: the demo profile's entries.
  await actions.getByRole('button', { name: 'Configuración de comandos' }).click();
  const commands = page.getByRole('dialog', { name: /Configuración de comandos del perfil/ });
  await expect(commands.getByRole('textbox', { name: 'Comando' }).first()).toHaveValue(
    'getApplicationList',
  );
  await expectAccessible(page, 'premium kiosk command configuration');
  await shootAt(page, 'kioskpremium-commands-es');
  await commands.getByRole('button', { name: 'Cancelar' }).click();

  await actions.getByRole('button', { name: 'Aplicación al arrancar' }).click();
  const launch = page.getByRole('dialog', { name: /Aplicación al arrancar del perfil/ });
  await expect(launch.getByText('El perfil aún no tiene aplicaciones.')).toBeVisible();
  await expectAccessible(page, 'premium kiosk launch on boot');
  await shootAt(page, 'kioskpremium-launch-es');
  await launch.getByRole('button', { name: 'Cancelar' }).click();

  // A profile command from the first device's context menu (right-click), executed by it.
  const first = devices.getByRole('row').nth(1);
  const mid = (await first.getByRole('cell').nth(1).innerText()).trim();
  await first.click({ button: 'right' });
  const menu = page.getByRole('menu', { name: /Acciones del dispositivo/ });
  await expect(menu.getByRole('menuitem', { name: /camera/ })).toBeVisible();
  // The menu itself (the selection's bar behind it is the factory's).
  await expectAccessible(page, 'premium kiosk device menu', '[role="menu"]');
  await menu.getByRole('menuitem', { name: /getApplicationList/ }).click();
  await expect(
    page.getByText('Comando «getApplicationList» en cola para el dispositivo'),
  ).toBeVisible();

  // Its detail, from the row's menu button: the command history shows it executed.
  await first.getByRole('button', { name: `Acciones de ${mid}` }).click();
  await page.getByRole('menuitem', { name: 'Detalle' }).click();
  const detail = page.getByRole('dialog', { name: `Dispositivo ${mid}` });
  await expect(detail.getByRole('tab', { name: 'Principal' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await detail.getByRole('tab', { name: 'Comandos' }).click();
  await expect(
    detail.getByRole('row', { name: /Pedir aplicaciones/ }).filter({
      hasText: 'ejecutado',
    }),
  ).toBeVisible();
  await expectAccessible(page, 'premium kiosk device detail, commands', '[role="dialog"]');
  // The dialog stays open, on its tab, while the window crosses the phone width (the rows
  // become cards and back: the dialog is held above the list).
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    // The page behind the dialog (hidden from the accessibility tree meanwhile) has switched:
    // its lists as cards, then as tables again.
    await expect(
      page
        .locator(`#main-content ${width < 600 ? 'li.MuiCard-root' : 'tr.RaDataTable-row'}`)
        .first(),
    ).toBeAttached();
    // Still open on its tab, and in front: crossing to a phone's width does not open the
    // menu's drawer over it because the menu was open beside the page.
    await expect(detail.getByRole('tab', { name: 'Comandos' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }
  await expect(detail.getByRole('tab', { name: 'Comandos' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await shootAt(page, 'kioskpremium-detail-commands-es');
  await detail.getByRole('tab', { name: 'Aplicaciones' }).click();
  await expect(
    detail.getByRole('switch', { name: 'Correctas (OK)' }).or(detail.getByLabel('Correctas (OK)')),
  ).toBeVisible();
  await expectAccessible(page, 'premium kiosk device detail, apps', '[role="dialog"]');
  await shootAt(page, 'kioskpremium-detail-apps-es');
  await detail.getByRole('tab', { name: 'Ubicación' }).click();
  await expect(detail.getByRole('button', { name: 'Actualizar posición' })).toBeVisible();
  await shootAt(page, 'kioskpremium-detail-location-es');
  await detail.getByRole('button', { name: /Cerrar|Close/ }).click();

  // In English, the app info dialog.
  await chooseLanguage(page, 'en');
  await page
    .getByRole('group', { name: 'Actions of profile “Kiosco demo”' })
    .getByRole('button', { name: 'Installed versions' })
    .click();
  const info = page.getByRole('dialog', { name: 'Installed versions of “Kiosco demo”' });
  await expect(info).toBeVisible();
  await shootAt(page, 'kioskpremium-appinfo-en');
  await info.getByRole('button', { name: 'Close' }).click();
  await page
    .getByRole('group', { name: 'Actions of profile “Kiosco demo”' })
    .getByRole('button', { name: 'QR code' })
    .click();
  await expect(
    page.getByRole('dialog', { name: 'QR code of profile “Kiosco demo”' }).getByRole('img'),
  ).toBeVisible();
  await shootAt(page, 'kioskpremium-qr-en');
  await page.getByRole('dialog').getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Zebra label' }).click();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: 'Download ZPL' }),
  ).toBeVisible();
  await shootAt(page, 'kioskpremium-qr-zebra-en');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await chooseLanguage(page, 'es');

  // The second device moved to Almacén: it leaves the demo profile's list.
  const devicesEs = page.getByRole('region', { name: 'Dispositivos del perfil «Kiosco demo»' });
  const second = devicesEs.getByRole('row').nth(2);
  const other = (await second.getByRole('cell').nth(1).innerText()).trim();
  await second.getByRole('button', { name: `Acciones de ${other}` }).click();
  await page.getByRole('menuitem', { name: 'Mover a otro perfil…' }).click();
  const move = page.getByRole('dialog', { name: `Mover ${other}` });
  await move.getByRole('combobox', { name: 'Perfil nuevo' }).click();
  await page.getByRole('option', { name: 'Almacén' }).click();
  await expect(move.getByText(/deja el perfil «Kiosco demo»/)).toBeVisible();
  await expectAccessible(page, 'premium kiosk move device', '[role="dialog"]');
  await shootAt(page, 'kioskpremium-move-es');
  await move.getByRole('button', { name: 'Mover' }).click();
  await expect(page.getByText('Dispositivo movido')).toBeVisible();
  await expect(devicesEs.getByRole('row')).toHaveCount(2);
  await openProfile(page, 'Almacén');
  await expect(
    page
      .getByRole('region', { name: 'Dispositivos del perfil «Almacén»' })
      .getByRole('row', { name: new RegExp(other) }),
  ).toBeVisible();

  // Both devices at once, from the Dispositivos tab's selection: out of their profiles, then
  // into the demo profile, each time the confirmation naming how many and where.
  await page.getByRole('tab', { name: 'Dispositivos' }).click();
  const all = page.getByRole('region', { name: 'Dispositivos del kiosco' });
  for (const guid of [mid, other]) {
    await all
      .getByRole('row', { name: new RegExp(guid) })
      .getByRole('checkbox')
      .check();
  }
  await all.getByRole('button', { name: 'Mover a otro perfil…' }).click();
  const many = page.getByRole('dialog', { name: 'Mover 2 dispositivos' });
  await many.getByRole('combobox', { name: 'Perfil nuevo' }).click();
  await page.getByRole('option', { name: 'Ninguno (quitar del perfil)' }).click();
  await expect(many.getByText(/Se quitarán 2 dispositivos de sus perfiles/)).toBeVisible();
  await expectAccessible(page, 'premium kiosk move devices', '[role="dialog"]');
  await shootAt(page, 'kioskpremium-move-many-es');
  await many.getByRole('button', { name: 'Mover', exact: true }).click();
  await expect(page.getByText('2 dispositivos movidos')).toBeVisible();
  for (const guid of [mid, other]) {
    const row = all.getByRole('row', { name: new RegExp(guid) });
    await expect(row.getByText(/Kiosco demo|Almacén/)).toHaveCount(0);
  }
  // In English, back into the demo profile.
  await chooseLanguage(page, 'en');
  await page.getByRole('tab', { name: 'Devices' }).click();
  const allEn = page.getByRole('region', { name: 'Kiosk devices' });
  for (const guid of [mid, other]) {
    const box = allEn.getByRole('row', { name: new RegExp(guid) }).getByRole('checkbox');
    await expect(box).toBeVisible();
    if (!(await box.isChecked())) await box.check();
  }
  await allEn.getByRole('button', { name: 'Move to another profile…' }).click();
  const manyEn = page.getByRole('dialog', { name: 'Move 2 devices' });
  await manyEn.getByRole('combobox', { name: 'New profile' }).click();
  await page.getByRole('option', { name: 'Kiosco demo' }).click();
  await expect(manyEn.getByText(/2 devices will move to profile “Kiosco demo”/)).toBeVisible();
  await shootAt(page, 'kioskpremium-move-many-en');
  await manyEn.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByText('2 devices moved')).toBeVisible();
  await chooseLanguage(page, 'es');
  await page.getByRole('tab', { name: 'Perfiles' }).click();
  await openProfile(page, 'Kiosco demo');
  await expect(devicesEs.getByRole('row')).toHaveCount(3);
  await leaveOnHome(page);
});

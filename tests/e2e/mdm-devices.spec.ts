import { expect as expectNow, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import type { VirtualDevice } from '../../simulator/device';
import { managedDevice } from '../support/managed-device';
import {
  chooseLanguage,
  demoProject,
  demoUsers,
  leaveOnHome,
  servicesCall,
  signIn,
} from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * Managed devices (issue 36, docs/mdm.md): a simulated Android 11 device enrols with a token that
 * asks for approval, waits in the pending devices until an administrator approves it, reports
 * that its policy's USB setting needs a newer Android, becomes compliant once the policy drops
 * that setting, and is locked: the command waits queued while the device is offline and ends
 * executed when it comes back. The screens in Spanish and English, at 1280 and 390 px.
 */

const MID = 'E2E-MDM-0001';
let device: VirtualDevice | undefined;
test.afterAll(async () => {
  await device?.stop();
});

test('a simulated device enrols with a token, is approved, complies with its changed policy and is locked', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  const policy = await servicesCall(page, 'mdmPoliciesCreate', {
    name: 'Reparto Android',
    platform: 'android',
    document: { cameraDisabled: true, usbDataAccess: 'DISALLOW_USB_DATA_TRANSFER' },
  });
  const token = await servicesCall(page, 'mdmEnrolmentTokensCreate', {
    name: 'Reparto con aprobación',
    policy: policy.id,
    project: demoProject(),
    approval: true,
  });
  device = managedDevice(E2E.main.url, token.token, MID, { osVersion: '11' });
  await device.enrol('');
  device.start();

  // Pending: approved from the list of pending devices.
  await page.getByRole('menuitem', { name: 'Aprobaciones MDM' }).click();
  await expect(page).toHaveURL(/\/app\/mdmpendingdevices$/);
  const pendingRow = page.getByRole('row', { name: new RegExp(MID) });
  await expect(pendingRow).toHaveAttribute('data-state', 'pending');
  await expect(pendingRow).toContainText('Sin informe');
  await shootAt(page, 'mdm-pending-es');
  await pendingRow.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Aprobar' }).click();
  await expect(pendingRow).toBeHidden();

  // Managed: its page says what it could not apply, and why.
  await page.getByRole('menuitem', { name: 'Dispositivos MDM', exact: true }).click();
  const managedRow = page.getByRole('row', { name: new RegExp(MID) });
  await expect(managedRow).toContainText('No cumple');
  await shootAt(page, 'mdm-admin-es');
  // Filtered by a non-compliance reason picked from their labels.
  await page.getByRole('button', { name: 'Filtro por columna' }).click();
  await page
    .getByLabel('Valor de Motivos de incumplimiento')
    .selectOption({ label: 'Versión del sistema demasiado antigua' });
  await expect(managedRow).toContainText('Versión del sistema demasiado antigua');
  await expect(page).toHaveURL(/reasons/);
  await shootAt(page, 'mdm-admin-reason-es');
  // The filter's picker keeps the focus until the page is clicked: one click leaves it.
  await page.getByRole('banner').getByRole('heading', { name: 'Dispositivos MDM' }).click();
  await managedRow.getByText(MID).click();
  await expect(page).toHaveURL(/\/app\/mdmadminedit\?device=\d+/);
  const address = page.url();
  const compliance = page.getByTestId('mdm-compliance');
  await expect(compliance).toHaveText('No cumple');
  await shootAt(page, 'mdm-device-es');
  await page.getByRole('tab', { name: 'Política' }).click();
  const settings = page.getByRole('table', { name: 'Ajustes sin aplicar' });
  await expect(settings).toContainText('usbDataAccess');
  await expect(settings).toContainText('Versión del sistema demasiado antigua');
  await shootAt(page, 'mdm-device-policy-es');

  // The policy drops the USB setting in its editor: the device is told, applies it and complies.
  await page.getByRole('link', { name: 'Reparto Android' }).click();
  await expect(page).toHaveURL(/\/app\/mdmpoliciesedit\?policyid=\d+/);
  await page.getByLabel('Transferencia de datos por USB desactivada').uncheck();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Política guardada (versión 2).')).toBeVisible();
  await page.goto(address);
  await expect(page.getByTestId('mdm-compliance')).toHaveText('Cumple');
  await page.getByRole('tab', { name: 'Política' }).click();
  await expect(page.getByText('Versión aplicada por el dispositivo: 2')).toBeVisible();

  // Locked while offline: queued, then executed when the device is back.
  await device.stop();
  await page.getByRole('button', { name: 'Bloquear' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Confirmación').fill(MID);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('tab', { name: 'Comandos' }).click();
  const history = page.getByRole('region', { name: 'Historial de comandos' });
  const lock = history.getByRole('row', { name: /Bloquear/ }).first();
  await expect(lock).toContainText('en cola, a la espera del dispositivo');
  await shootAt(page, 'mdm-device-commands-es');
  device.start();
  await expect(lock).toContainText('ejecutado');
  await page.getByRole('tab', { name: 'Ubicación' }).click();
  await expect(page.getByText(/^Latitud /)).toBeVisible();
  await shootAt(page, 'mdm-device-location-es');

  // In English: the same page and the lists by kind.
  await chooseLanguage(page, 'en');
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByTestId('mdm-compliance')).toHaveText('Compliant');
  await shootAt(page, 'mdm-device-en');
  await page.getByRole('tab', { name: 'Policy' }).click();
  await shootAt(page, 'mdm-device-policy-en');
  await page.getByRole('menuitem', { name: 'MDM approvals' }).click();
  await expect(page).toHaveURL(/\/app\/mdmpendingdevices$/);
  await shootAt(page, 'mdm-pending-en');
  await page.getByRole('menuitem', { name: 'MDM kiosk devices' }).click();
  await expect(page).toHaveURL(/\/app\/mdmadminkiosk$/);
  await shootAt(page, 'mdm-kiosk-en');
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

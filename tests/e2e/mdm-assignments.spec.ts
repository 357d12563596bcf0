import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import type { VirtualDevice } from '../../simulator/device';
import { managedDevice } from '../support/managed-device';
import {
  chooseLanguage,
  demoProject,
  demoUsers,
  leaveOnHome,
  openInApp,
  servicesCall,
  signIn,
} from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * A policy assigned to a device group (issue 36, docs/mdm.md "Assignment"): in the policy
 * editor's "Grupos" tab an administrator assigns the policy to a group of the demo project; a
 * connected managed device of the group takes it (its page says "del grupo"), then goes back to
 * its token's once the assignment is removed. In Spanish and English, at 1280 and 390 px.
 */

/** The id of a device of the demo project, by its MID. */
async function deviceId(page: Page, mid: string): Promise<number> {
  const devices = await servicesCall(page, 'devicesWithPages', {
    database: demoProject(),
    status: 'short',
    datatable: { start: 0, length: 1 },
    rowfilter: { MID: mid },
    rowfilteroper: { MID: 1 },
  });
  return devices.data[0].ID;
}

let device: VirtualDevice | undefined;
let enrolled: VirtualDevice | undefined;
test.afterAll(async () => {
  await device?.stop();
  await enrolled?.stop();
});

test('a policy assigned to a group in its editor reaches a member device', async ({ page }) => {
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const mid = `E2E-ASG-${run}`;
  const database = demoProject();
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  const base = await servicesCall(page, 'mdmPoliciesCreate', {
    name: `E2E token ${run}`,
    platform: 'android',
  });
  const assigned = await servicesCall(page, 'mdmPoliciesCreate', {
    name: `E2E grupo ${run}`,
    platform: 'android',
    document: { cameraDisabled: true },
  });
  const token = await servicesCall(page, 'mdmEnrolmentTokensCreate', {
    name: `E2E asignación ${run}`,
    policy: base.id,
    project: database,
    approval: false,
  });
  device = managedDevice(E2E.main.url, token.token, mid, { osVersion: '13' });
  await device.enrol('');
  device.start();
  const groupName = `E2E furgonetas ${run}`;
  const data = { NAME: groupName, DESCRIPTION: 'E2E', Devices: [await deviceId(page, mid)] };
  const group = await servicesCall(page, 'admgroups', { database, oper: 'update', data });

  // The editor's Grupos tab: assign the policy to the group.
  await openInApp(page, `/app/mdmpoliciesedit?policyid=${assigned.id}`);
  await page.getByRole('tab', { name: 'Grupos' }).click();
  await page.getByRole('button', { name: 'Crear' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Proyecto').click();
  await page.getByRole('option', { name: /Demo/ }).first().click();
  await form.getByLabel('Grupo de dispositivos').click();
  await page.getByRole('option', { name: groupName }).click();
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(groupName) });
  await expect(row).toContainText('1');
  await shootAt(page, 'mdm-assignments-es');

  // The member device took it: its page says where it comes from.
  const found = await servicesCall(page, 'mdmDevicesList', { filter: { mid } });
  await openInApp(page, `/app/mdmadminedit?device=${found.data[0].id}`);
  await page.getByRole('tab', { name: 'Política' }).click();
  await expect(page.getByText(`Política del grupo «${groupName}».`)).toBeVisible();
  await expect(page.getByRole('link', { name: `E2E grupo ${run}` })).toBeVisible();
  await expect(page.getByText('Versión aplicada por el dispositivo: 1')).toBeVisible();
  await shootAt(page, 'mdm-device-source-es');

  // Given a policy of its own, it says so and offers to go back to the inherited one.
  const own = found.data[0];
  await servicesCall(page, 'mdmDevicesEdit', { id: own.id, version: own.version, policy: base.id });
  await page.reload();
  await page.getByRole('tab', { name: 'Política' }).click();
  await expect(page.getByText('Política asignada al dispositivo.')).toBeVisible();
  await shootAt(page, 'mdm-device-own-es');
  await chooseLanguage(page, 'en');
  await page.getByRole('tab', { name: 'Policy' }).click();
  await expect(page.getByText('Policy assigned to the device.')).toBeVisible();
  await shootAt(page, 'mdm-device-own-en');
  await page.getByRole('button', { name: 'Back to the inherited one' }).click();
  await expect(page.getByText(`Policy of group "${groupName}".`)).toBeVisible();
  await shootAt(page, 'mdm-device-source-en');
  await openInApp(page, `/app/mdmpoliciesedit?policyid=${assigned.id}`);
  await page.getByRole('tab', { name: 'Groups' }).click();
  await expect(page.getByRole('row', { name: new RegExp(groupName) })).toBeVisible();
  await shootAt(page, 'mdm-assignments-en');
  await chooseLanguage(page, 'es');

  // Removed: the device goes back to its token's policy.
  const list = await servicesCall(page, 'mdmAssignmentsList', { filter: { policy: assigned.id } });
  await servicesCall(page, 'mdmAssignmentsDelete', { id: list.data[0].id });
  await expect
    .poll(async () => (await servicesCall(page, 'mdmDevicesList', { filter: { mid } })).data[0])
    .toMatchObject({ policy: base.id, policySource: 'token' });
  await servicesCall(page, 'admgroups', { database, oper: 'delete', ID: group.ID });
  await leaveOnHome(page);
});

test("an enrolment token made with a group puts its devices in it, with the group's policy", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const run = Date.now().toString(36);
  const mid = `E2E-TKG-${run}`;
  const database = demoProject();
  const users = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  const base = await servicesCall(page, 'mdmPoliciesCreate', {
    name: `E2E base ${run}`,
    platform: 'android',
  });
  // A group is saved with a device: one enrolled with a token of no group.
  const plain = await servicesCall(page, 'mdmEnrolmentTokensCreate', {
    name: `E2E sin grupo ${run}`,
    policy: base.id,
    project: database,
    approval: false,
  });
  const seed = `E2E-TKS-${run}`;
  await managedDevice(E2E.main.url, plain.token, seed).enrol('');
  const grouped = await servicesCall(page, 'mdmPoliciesCreate', {
    name: `E2E del grupo ${run}`,
    platform: 'android',
  });
  const groupName = `E2E almacén ${run}`;
  const data = { NAME: groupName, DESCRIPTION: 'E2E', Devices: [await deviceId(page, seed)] };
  const group = await servicesCall(page, 'admgroups', { database, oper: 'update', data });
  await servicesCall(page, 'mdmAssignmentsCreate', {
    policy: grouped.id,
    project: database,
    group: group.ID,
    priority: 100,
  });

  // The token's create dialog: its project, then a group of that project.
  const tokenName = `E2E almacén ${run}`;
  await openInApp(page, '/app/mdmenrolment');
  await page.getByRole('button', { name: 'Crear' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Nombre').fill(tokenName);
  await form.getByLabel('Política').click();
  await page.getByRole('option', { name: `E2E base ${run}` }).click();
  await form.getByLabel('Proyecto').click();
  await page.getByRole('option', { name: /Demo/ }).first().click();
  await form.getByLabel('Grupo de dispositivos').click();
  await page.getByRole('option', { name: groupName }).click();
  await shootAt(page, 'mdm-token-group-es');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  const made = await servicesCall(page, 'mdmEnrolmentTokensList', { filter: { q: tokenName } });
  expect(made.data[0]).toMatchObject({ name: tokenName, group: group.ID });

  // A device enrolled with it is in the group, and has the group's policy.
  enrolled = managedDevice(E2E.main.url, made.data[0].token, mid, { osVersion: '13' });
  await enrolled.enrol('');
  const found = await servicesCall(page, 'mdmDevicesList', { filter: { mid } });
  await openInApp(page, `/app/mdmadminedit?device=${found.data[0].id}`);
  await page.getByRole('tab', { name: 'Política' }).click();
  await expect(page.getByText(`Política del grupo «${groupName}».`)).toBeVisible();
  await chooseLanguage(page, 'en');
  await openInApp(page, '/app/mdmenrolment');
  await expect(page.getByRole('row', { name: new RegExp(tokenName) })).toBeVisible();
  await shootAt(page, 'mdm-token-group-en');
  await chooseLanguage(page, 'es');
  await servicesCall(page, 'admgroups', { database, oper: 'delete', ID: group.ID });
  await leaveOnHome(page);
});

// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import {
  chooseLanguage,
  demoProject,
  demoUsers,
  openInApp,
  signIn,
  storedAccessToken,
} from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

/**
 * The MDM dashboard and roles (issue 36, docs/mdm.md): a figure of /app/mdmdash opens the
 * managed-devices list filtered as it counts; an administrator named in an MDM role that does not
 * allow approvals is refused the bulk "Aprobar" with the server's text; a role's form picks
 * device groups among its project's. Pictures of the new MDM screens in both languages.
 */

async function servicesCall(page: Page, operation: string, parameter: unknown) {
  const stored = await storedAccessToken(page);
  const response = await page.request.post(`${E2E.main.url}/api/services`, {
    headers: { authorization: `Bearer ${stored!.token}` },
    data: { operation, parameter },
  });
  return (await response.json()) as { error: { code: string; description: string }; result: any };
}

const ROLE = 'E2E sin aprobar';

async function removeRole(page: Page) {
  const roles = await servicesCall(page, 'mdmRolesList', { filter: { q: ROLE } });
  for (const row of roles.result.data) await servicesCall(page, 'mdmRolesDelete', { id: row.id });
}

test('dashboard figures open the filtered list; a role refusal is shown', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await removeRole(page);
  const run = Date.now().toString(36);
  const policy = await servicesCall(page, 'mdmPoliciesCreate', {
    name: `E2E panel ${run}`,
    platform: 'android',
  });
  const token = await servicesCall(page, 'mdmEnrolmentTokensCreate', {
    name: `E2E panel ${run}`,
    policy: policy.result.id,
    project: demoProject(),
    approval: true,
  });
  const open = await servicesCall(page, 'mdmEnrolmentTokensCreate', {
    name: `E2E panel abierto ${run}`,
    policy: policy.result.id,
    project: demoProject(),
  });
  const enrol = async (value: string, device: string) => {
    const response = await page.request.post(`${E2E.main.url}/api/device/v1/mdm/enrol`, {
      data: { token: value, mid: device, model: 'Pixel 8', owner: 'Ana', os: 'Android 14' },
    });
    expect(response.ok()).toBe(true);
    return (await response.json()).result.credential as string;
  };
  const mid = `E2E-DASH-${run}`;
  await enrol(token.result.token, mid);
  // A managed device out of compliance, for the charts.
  const managed = `E2E-DASH-${run}-M`;
  const credential = await enrol(open.result.token, managed);
  const report = await page.request.post(`${E2E.main.url}/api/device/v1/mdm/compliance`, {
    headers: { authorization: `Device ${managed}:${credential}` },
    data: {
      policy: policy.result.id,
      version: 1,
      state: 'partial',
      nonCompliance: [{ settingName: 'cameraDisabled', reason: 'API_LEVEL' }],
    },
  });
  expect(report.ok()).toBe(true);

  await page.getByRole('menuitem', { name: 'Panel MDM' }).click();
  await expect(page).toHaveURL(/\/app\/mdmdash$/);
  const pending = page.getByRole('link', { name: /^Esperan aprobación/ });
  await expect(pending).toBeVisible();
  await shootAt(page, 'mdm-dash-es');
  await pending.click();
  await expect(page).toHaveURL(/\/app\/mdmadmin\?filter=/);
  const row = page.locator('tbody tr', { hasText: mid });
  await expect(row).toBeVisible();

  // Named in a role without approvals, the administrator is refused by the server.
  const role = await servicesCall(page, 'mdmRolesCreate', {
    name: ROLE,
    operators: 'admin',
    approve: false,
  });
  expect(role.error.description).toBe('');
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Aprobar' }).click();
  // A refusal ("-1") is an information dialog (002 §8).
  const refused = page.getByRole('alertdialog', { name: 'Información' });
  await expect(refused).toContainText(
    `Sus roles MDM (${ROLE}) no le permiten aprobar o rechazar dispositivos.`,
  );
  await shootAt(page, 'mdm-role-refusal-es');
  await refused.getByRole('button', { name: 'Aceptar' }).click();
  await removeRole(page);

  // A role naming nobody and an MDM user with the managed device, for the pictures.
  const shownRole = await servicesCall(page, 'mdmRolesCreate', {
    name: `E2E soporte ${run}`,
    wipe: false,
    ios: false,
  });
  const person = await servicesCall(page, 'mdmUsersCreate', {
    name: `Ana Pérez ${run}`,
    email: `ana.${run}@empresa.com`,
    externalId: `u-${run}`,
  });
  // The device assigned to her is listed from her row.
  const listed = await servicesCall(page, 'mdmDevicesList', { filter: { mid: managed } });
  const device = listed.result.data[0];
  const assigned = await servicesCall(page, 'mdmDevicesEdit', {
    id: device.id,
    version: device.version,
    mdmUser: person.result.id,
  });
  expect(assigned.error.description).toBe('');
  await openInApp(page, '/app/mdmusers');
  await page
    .locator('tr', { hasText: `Ana Pérez ${run}` })
    .getByRole('button', { name: 'Sus dispositivos' })
    .click();
  await expect(page).toHaveURL(/\/app\/mdmadmin\?filter=/);
  await expect(page.locator('tbody tr', { hasText: managed })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);

  const shown: Record<string, { es: string | RegExp; en: string | RegExp }> = {
    mdmdash: { es: /^Esperan aprobación/, en: /^Awaiting approval/ },
    mdmusers: { es: `Ana Pérez ${run}`, en: `Ana Pérez ${run}` },
    mdmroles: { es: `E2E soporte ${run}`, en: `E2E soporte ${run}` },
    mdmiosconfig: {
      es: /^Subir certificado|^Renovar certificado/i,
      en: /^(Upload|Renew) certificate/i,
    },
    mdmwmconfig: { es: /^La inscripción de equipos Windows/, en: /^Windows device enrolment/ },
  };
  for (const language of ['es', 'en'] as const) {
    await chooseLanguage(page, language);
    for (const [screen, text] of Object.entries(shown)) {
      await openInApp(page, `/app/${screen}`);
      await expect(page.getByText(text[language]).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await shootAt(page, `${screen}-${language}`);
    }
  }
  await servicesCall(page, 'mdmRolesDelete', { id: shownRole.result.id });
  const again = (await servicesCall(page, 'mdmDevicesList', { filter: { mid: managed } })).result;
  await servicesCall(page, 'mdmDevicesEdit', {
    id: again.data[0].id,
    version: again.data[0].version,
    mdmUser: null,
  });
  await servicesCall(page, 'mdmUsersDelete', { id: person.result.id });
  await chooseLanguage(page, 'es');
});

test("a role's group picker lists the chosen project's groups and picks two", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  const run = Date.now().toString(36);
  const database = demoProject();
  // A group holds devices: a managed one enrolled for it.
  const policy = await servicesCall(page, 'mdmPoliciesCreate', {
    name: `E2E zona ${run}`,
    platform: 'android',
  });
  const token = await servicesCall(page, 'mdmEnrolmentTokensCreate', {
    name: `E2E zona ${run}`,
    policy: policy.result.id,
    project: database,
  });
  const mid = `E2E-ZONA-${run}`;
  const enrolled = await page.request.post(`${E2E.main.url}/api/device/v1/mdm/enrol`, {
    data: { token: token.result.token, mid, model: 'Pixel 8', owner: 'Ana', os: 'Android 14' },
  });
  expect(enrolled.ok()).toBe(true);
  const devices = await servicesCall(page, 'devicesWithPages', {
    database,
    status: 'short',
    datatable: { start: 0, length: 1 },
    rowfilter: { MID: mid },
    rowfilteroper: { MID: 1 },
  });
  const data = {
    NAME: `E2E zona ${run}`,
    DESCRIPTION: 'E2E',
    Devices: [devices.result.data[0].ID],
  };
  const group = await servicesCall(page, 'admgroups', { database, oper: 'update', data });
  expect(group.error.description).toBe('');
  const other = { ...data, NAME: `E2E zona B ${run}` };
  const second = await servicesCall(page, 'admgroups', { database, oper: 'update', data: other });
  expect(second.error.description).toBe('');
  await openInApp(page, '/app/mdmroles');
  await page.getByRole('button', { name: 'Crear' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Nombre').fill(`E2E grupo ${run}`);
  // No project yet: no group to pick.
  await expect(form.getByLabel('Grupos de dispositivos')).toBeDisabled();
  await form.getByLabel('Proyecto').click();
  await page.getByRole('option', { name: /Demo/ }).first().click();
  await form.getByLabel('Grupos de dispositivos').click();
  await page.getByRole('option', { name: `E2E zona ${run}` }).click();
  // A second group of the project.
  await form.getByLabel('Grupos de dispositivos').click();
  await page.getByRole('option', { name: `E2E zona B ${run}` }).click();
  await shootAt(page, 'mdmroles-group-es');
  await form.getByRole('button', { name: 'Guardar' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(`E2E grupo ${run}`) });
  await expect(row).toContainText(`E2E zona ${run}`);
  await expect(row).toContainText(`E2E zona B ${run}`);
  const roles = await servicesCall(page, 'mdmRolesList', { filter: { q: `E2E grupo ${run}` } });
  const ids = [group.result.ID, second.result.ID].sort((a: number, b: number) => a - b);
  expect(roles.result.data[0].deviceGroups).toEqual(ids);
  await servicesCall(page, 'mdmRolesDelete', { id: roles.result.data[0].id });
  for (const ID of ids) await servicesCall(page, 'admgroups', { database, oper: 'delete', ID });
});

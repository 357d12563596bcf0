// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet, type SimulatedFleet } from './fleet';
import { chooseLanguage, demoProject, demoUsers, signIn } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 90 s.
const expect = expectNow.configure({ timeout: 90_000 });

/** signIn, given longer for the console to take over after the provider's page. */
async function signInSlowly(page: Page, user: Parameters<typeof signIn>[2]) {
  await signIn(page, E2E.main.url, user).catch(() => undefined);
  await expect(page).toHaveURL(/\/app\//, { timeout: 60_000 });
}

/**
 * What an ordinary user with a show-only share reads (issue 33, point 16): the demo's `usuario`
 * may look at everything of Demo and change nothing. Rows offer "Ver" (View), never "Editar";
 * Informes invites to choose a report, not to create one; push stays offered (001 §6).
 */

let fleet: SimulatedFleet | undefined;

test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 2);
});

test.afterAll(async () => {
  await fleet?.stop();
});

const WORDS = {
  es: {
    devices: 'Dispositivos',
    platforms: 'Plataformas',
    view: 'Ver',
    edit: 'Editar',
    push: 'Enviar push a seleccionados',
    reports: 'Elija un informe de la lista para verlo y ejecutarlo.',
    newReport: 'Nuevo informe',
  },
  en: {
    devices: 'Devices',
    platforms: 'Platforms',
    view: 'View',
    edit: 'Edit',
    push: 'Send push to selected',
    reports: 'Choose a report from the list to view and run it.',
    newReport: 'New report',
  },
} as const;

test('a user with a show-only share is offered to view, not to edit or create', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await signInSlowly(page, demoUsers(E2E.main.dataDir).usuario);
  for (const language of ['es', 'en'] as const) {
    const words = WORDS[language];
    await chooseLanguage(page, language);

    // The device list: a right-clicked row offers "Ver", which opens the device to read.
    await page.goto('/app/home');
    await page.getByRole('menuitem', { name: words.devices, exact: true }).click();
    const row = page.locator('tbody tr').first();
    await expect(row).toBeVisible({ timeout: 30_000 });
    const view = page.getByRole('menuitem', { name: words.view, exact: true });
    // A busy machine may still be wiring the list when the row shows: the right-click is retried.
    await expect(async () => {
      await page.keyboard.press('Escape');
      await row.click({ button: 'right' });
      await expectNow(view).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('menuitem', { name: words.edit, exact: true })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: words.push })).toBeVisible();
    await shootAt(page, `show-only-device-menu-${language}`);
    await view.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: words.edit, exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // A declared list (the project's platforms): the row menu offers "Ver" alone.
    await page.goto(`/app/setting/platform?database=${demoProject()}`);
    const platforms = page.getByRole('region', { name: words.platforms });
    const platform = platforms.locator('tbody tr').first();
    await expect(platform).toBeVisible({ timeout: 30_000 });
    await expect(async () => {
      await page.keyboard.press('Escape');
      await platform.click({ button: 'right' });
      await expectNow(view).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.getByRole('menuitem', { name: words.edit, exact: true })).toHaveCount(0);
    await shootAt(page, `show-only-row-menu-${language}`);
    await page.keyboard.press('Escape');

    // Informes: choose a report to view and run; nothing to create.
    await page.goto(`/app/reports?database=${demoProject()}`);
    await expect(page.getByText(words.reports)).toBeVisible();
    await expect(page.getByRole('button', { name: words.newReport })).toHaveCount(0);
    await shootAt(page, `show-only-reports-${language}`);
  }
  await chooseLanguage(page, 'es');
});

// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { seriousViolations } from './axe';
import { startFleet, type SimulatedFleet } from './fleet';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

/**
 * axe-core over the dialogs the screens open (all-screens.spec.ts covers the screens and the
 * device dialog): the generated create and edit dialogs of a declared resource, a form on a page,
 * share, publish, the server licences, a command, mail and push, and a delete confirmation
 * (cancelled: nothing is changed). No serious or critical violation (issue 17, accessibility).
 * Each opens in Spanish and English; axe runs over the Spanish one, as in the sweep over the
 * screens: the English dialog shares every element, role and colour and differs by its texts.
 */
const TEXTS = {
  es: {
    create: 'Crear',
    serverLicence: 'Licencias del servidor Local',
    share: 'Compartir Demo',
    publish: 'Publicar Demo',
    commands: 'Comandos',
    toast: 'Mensaje breve',
    mailPush: 'Correo y push',
    mailAll: 'Enviar correo a todos',
    pushAll: 'Enviar push a todos',
    delete: 'Borrar',
  },
  en: {
    create: 'Create',
    serverLicence: 'Server licences Local',
    share: 'Share Demo',
    publish: 'Publish Demo',
    commands: 'Commands',
    toast: 'Toast message',
    mailPush: 'E-mail and push',
    mailAll: 'Send e-mail to all',
    pushAll: 'Send push to all',
    delete: 'Delete',
  },
} as const;

let fleet: SimulatedFleet | undefined;
test.beforeAll(async () => {
  // Devices to select for a command and a delete confirmation.
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 3);
});
test.afterAll(async () => {
  await fleet?.stop();
});

/** Opens a dialog, checks it, and closes it with Escape, as a keyboard user would. */
async function checkDialog(
  page: Page,
  found: string[],
  name: string,
  open: () => Promise<void>,
  axe: boolean,
) {
  await open();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog')).last();
  await expect(dialog).toBeVisible();
  await page.waitForTimeout(400); // the dialog fades in
  const include = '[role="dialog"], [role="alertdialog"]';
  if (axe) for (const v of await seriousViolations(page, include)) found.push(`${name}: ${v}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog').or(page.getByRole('alertdialog'))).toHaveCount(0);
}

/** Selects the device list's first row by its checkbox. */
async function selectFirstDevice(page: Page) {
  await page.goto('/app/devicelist');
  const row = page.locator('tbody tr[data-estado]').first();
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
}

test('the dialogs open in Spanish and English and pass axe-core', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).superadmin);
  const found: string[] = [];
  for (const language of ['es', 'en'] as const) {
    const text = TEXTS[language];
    const check = (name: string, open: () => Promise<void>) =>
      checkDialog(page, found, `${name} ${language}`, open, language === 'es');
    await chooseLanguage(page, language);

    await page.goto('/app/environments');
    await check('environment create', () =>
      page.getByRole('button', { name: text.create, exact: true }).click(),
    );
    await check('environment edit', () =>
      page.locator('tbody tr').filter({ hasText: 'Local' }).first().locator('td').nth(1).click(),
    );
    await check('server licences', () =>
      page.getByRole('button', { name: text.serverLicence }).click(),
    );

    // A declared resource whose form is a page.
    await page.goto('/app/users');
    await page.locator('tbody tr').first().locator('td').nth(1).click();
    await expect(page).toHaveURL(/\/app\/users\/[^/]+$/);
    await expect(page.locator('form')).toBeVisible();
    await page.waitForTimeout(400);
    if (language === 'es') {
      for (const v of await seriousViolations(page)) found.push(`user page form ${language}: ${v}`);
    }

    await page.goto('/app/recents');
    await check('share', () => page.getByRole('button', { name: text.share }).click());
    await check('publish', () => page.getByRole('button', { name: text.publish }).click());

    await page.goto('/app/devicelist');
    for (const [name, item] of [
      ['mail', text.mailAll],
      ['push', text.pushAll],
    ] as const) {
      await check(name, async () => {
        await page.getByRole('button', { name: text.mailPush }).click();
        await page.getByRole('menuitem', { name: item }).click();
      });
    }
    await selectFirstDevice(page);
    await check('command', async () => {
      await page.getByRole('button', { name: text.commands, exact: true }).click();
      await page.getByRole('menuitem', { name: text.toast }).click();
    });
    await selectFirstDevice(page);
    await check('delete confirmation', () =>
      page.getByRole('button', { name: text.delete, exact: true }).first().click(),
    );
  }
  // Leave the account as the next tests expect it: in Spanish, on the home screen.
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
  expect(found, found.join('\n')).toEqual([]);
});

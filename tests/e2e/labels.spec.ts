// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { startFleet, type SimulatedFleet } from './fleet';
import { chooseLanguage, demoProject, demoUsers, signIn, storedAccessToken } from './support';
import { shootAt } from './shotsAt';

// The machine these run on may be busy: every expectation waits up to 90 s.
const expect = expectNow.configure({ timeout: 90_000 });

/** signIn, given longer for the console to take over after the provider's page. */
async function signInSlowly(page: Page, user: Parameters<typeof signIn>[2]) {
  await signIn(page, E2E.main.url, user).catch(() => undefined);
  await expect(page).toHaveURL(/\/app\//, { timeout: 60_000 });
}

/**
 * Codes are shown by their labels, in both languages (issue 33, points 9 to 11): the device
 * dialog's platform, the new-project form, the replicator settings, the actions log's details
 * and Monaco's own menu; and what a show-only share reads (point 16) says what it can do.
 */

let fleet: SimulatedFleet | undefined;

test.beforeAll(async () => {
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 2);
});

test.afterAll(async () => {
  await fleet?.stop();
});

type Language = 'es' | 'en';
const WORDS = {
  es: {
    devices: 'Dispositivos',
    platform: 'Plataforma',
    projects: 'Entornos y proyectos',
    newProject: 'Nuevo proyecto',
    ldata: 'Definición de las tablas (SQL)',
    generate: 'Crear las tablas al crear el proyecto',
    corrections: 'Corregir al dispositivo una operación rechazada',
    dateOrder: 'Orden de las fechas',
    engine: 'Motor de la base de datos local',
    yes: 'Sí',
    ymd: 'Año, mes, día',
    title: 'Título: Etiquetas 33',
    provisioning: 'Aprovisionamiento: Correo de instalación',
    cut: 'Cortar',
    copy: 'Copiar',
  },
  en: {
    devices: 'Devices',
    platform: 'Platform',
    projects: 'Environments & projects',
    newProject: 'New project',
    ldata: 'Table definitions (SQL)',
    generate: 'Create the tables with the project',
    corrections: 'Correct a device whose operation was refused',
    dateOrder: 'Date order',
    engine: 'Local database engine',
    yes: 'Yes',
    ymd: 'Year, month, day',
    title: 'Title: Etiquetas 33',
    provisioning: 'Provisioning: Install mail',
    cut: 'Cut',
    copy: 'Copy',
  },
} as const;

/** An operation called with the page's console token; its envelope must say success. */
async function call(page: Page, operation: string, parameter: unknown) {
  const { token } = (await storedAccessToken(page))!;
  const response = await page.request.post(`${E2E.main.url}/api/services`, {
    headers: { authorization: `Bearer ${token}` },
    data: { operation, parameter },
  });
  const body = await response.json();
  expect(body.error?.code, JSON.stringify(body)).toBe('0');
}

const RAW_PLATFORM = /^[A-Z0-9]{3,}$/;

async function deviceDialog(page: Page, language: Language) {
  const words = WORDS[language];
  await page.goto('/app/home');
  await page.getByRole('menuitem', { name: words.devices, exact: true }).click();
  const row = page.locator('tbody tr').first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const dialog = page.getByRole('dialog');
  // A busy machine may still be wiring the list when the row shows: the double-click is retried.
  await expect(async () => {
    await row.dblclick();
    await expectNow(dialog).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  const platform = dialog.getByRole('combobox', { name: words.platform });
  await expect(platform).toHaveText(/\w/);
  await expect(platform).not.toHaveText(RAW_PLATFORM);
  await shootAt(page, `labels-device-dialog-${language}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

async function newProjectForm(page: Page, language: Language) {
  const words = WORDS[language];
  await page.getByRole('menuitem', { name: words.projects }).click();
  const button = page.getByRole('button', { name: words.newProject });
  const card = page.getByRole('region', { name: 'Local' });
  await expect(button.or(card).first()).toBeVisible();
  if (await card.isVisible()) await card.getByRole('link').first().click();
  await button.click();
  const dialog = page.getByRole('dialog', { name: words.newProject });
  await expect(dialog.getByRole('textbox', { name: words.ldata })).toBeVisible();
  await expect(dialog.getByLabel(words.generate)).toBeChecked();
  await expect(dialog).not.toContainText('LDATA');
  await shootAt(page, `labels-new-project-${language}`);
  await page.keyboard.press('Escape');
}

async function replicatorSettings(page: Page, language: Language) {
  const words = WORDS[language];
  await page.goto(`/app/setting/replicator?database=${demoProject()}`);
  const row = (name: string) => page.getByRole('row').filter({ hasText: name });
  await expect(row(words.corrections)).toContainText(words.yes);
  await expect(row(words.corrections)).not.toContainText('true');
  await expect(row(words.dateOrder)).toContainText(words.ymd);
  await expect(row(words.dateOrder)).not.toContainText('ymd');
  await expect(row(words.engine)).toContainText('SQLite');
  await expect(row(words.engine)).not.toContainText('sqlite');
  await shootAt(page, `labels-replicator-${language}`);
}

async function actionsLog(page: Page, language: Language) {
  const words = WORDS[language];
  await page.goto('/app/actions');
  const table = page.getByRole('table');
  await expect(table).toContainText(words.title);
  await expect(table).toContainText(words.provisioning);
  for (const raw of ['title:', 'key:', 'provConfigaration', 'provSendMailInstall', ': null'])
    await expect(table).not.toContainText(raw);
  await shootAt(page, `labels-actions-${language}`);
}

async function sqlContextMenu(page: Page, language: Language) {
  const words = WORDS[language];
  // Monaco reads its texts when it loads: a fresh page in the chosen language.
  await page.goto(`/app/sqltables?database=${demoProject()}`);
  await page.reload();
  await page.getByRole('tab', { name: 'SQL' }).click();
  const editor = page.getByTestId('sql-console-editor');
  await expect(editor.locator('.view-lines')).toBeVisible({ timeout: 30_000 });
  await editor.locator('.view-lines').click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: new RegExp(`^${words.cut}`) })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: new RegExp(`^${words.copy}`) })).toBeVisible();
  await shootAt(page, `labels-sql-menu-${language}`);
  await page.keyboard.press('Escape');
}

test('an administrator reads every code by its label, in Spanish and in English', async ({
  page,
}) => {
  test.setTimeout(600_000);
  page.on('pageerror', (error) => console.log('PAGEERROR', error.message));
  page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
  await signInSlowly(page, demoUsers(E2E.main.dataDir).admin);
  const database = demoProject();
  // Two actions whose details once showed raw keys: a report's title and a provisioning key.
  await call(page, 'SaveReport', { database, Title: 'Etiquetas 33', SQL: 'SELECT 1' });
  await call(page, 'provisioningDevice', { database, key: 'provSendMailInstall', all: true });
  for (const language of ['es', 'en'] as const) {
    await chooseLanguage(page, language);
    await deviceDialog(page, language);
    await newProjectForm(page, language);
    await replicatorSettings(page, language);
    await actionsLog(page, language);
    await sqlContextMenu(page, language);
  }
  await chooseLanguage(page, 'es');
});

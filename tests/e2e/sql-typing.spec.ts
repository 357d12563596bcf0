// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { patientLanguage, patientSignIn } from './patientSignIn';
import { shootAt } from './shotsAt';
import { demoProject, demoUsers, leaveOnHome } from './support';

/**
 * Issue 33, point 8: SQL typed key by key at a person's speed is stored as typed. Monaco's
 * automatic quotes and brackets turned `'##PLATAFORMA(ANDROID)##'` into
 * `'##PLATAFORMA(ANDROID'##' … ')`; pasting was never affected.
 */
const MACRO_SQL = `SELECT "MID" FROM devices WHERE "DEVICE_TYPE" = '##PLATAFORMA(ANDROID)##' AND ("STATUS" IN (1, 2))`;

/** Types into a Monaco editor one key at a time, as a person does (about 12 keys a second). */
async function typeSlowly(page: Page, testId: string, text: string) {
  await page.getByTestId(testId).locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text, { delay: 80 });
}

test('a report typed key by key keeps its macro as typed', async ({ page }) => {
  test.setTimeout(120_000);
  await patientSignIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await patientLanguage(page, 'es');
  await page.goto(`/app/reports?database=${demoProject()}`);
  await page.getByRole('button', { name: 'Nuevo informe' }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Informe tecleado');
  await typeSlowly(page, 'report-sql-editor', MACRO_SQL);

  const saved = page.waitForResponse(
    (response) => response.request().postData()?.includes('"SaveReport"') ?? false,
  );
  await page.getByRole('button', { name: 'Guardar' }).click();
  const body = await (await saved).json();
  expect(body.error.code).toBe('0');
  expect(body.result.SQL).toBe(MACRO_SQL);
  await expect(page.getByText('Informe «Informe tecleado» guardado')).toBeVisible();

  // The macro is asked for by its name, with its default: the text reached the server whole.
  await page.getByRole('button', { name: 'Ejecutar' }).click();
  const form = page.getByRole('dialog', { name: 'Valores de las macros' });
  await expect(form.getByRole('textbox', { name: 'PLATAFORMA' })).toHaveValue('ANDROID');
  await page.keyboard.press('Escape');
  await shootAt(page, 'report-typed-es');
  await patientLanguage(page, 'en');
  await page.getByRole('button', { name: /^Informe tecleado/ }).click();
  await expect(page.getByTestId('report-sql-editor')).toContainText('PLATAFORMA(ANDROID)');
  await shootAt(page, 'report-typed-en');
  await patientLanguage(page, 'es');
  await leaveOnHome(page);
});

test('the SQL console runs what was typed key by key', async ({ page }) => {
  test.setTimeout(120_000);
  await patientSignIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await patientLanguage(page, 'es');
  await page.goto(`/app/sqltables?database=${demoProject()}`);
  await page.getByRole('tab', { name: 'SQL' }).click();
  const typed = `SELECT '##PLATAFORMA(ANDROID)##' AS t, ("x" || ')') AS u FROM (SELECT '[a]' AS x) s`;
  await typeSlowly(page, 'sql-console-editor', typed);
  const ran = page.waitForResponse(
    (response) => response.request().postData()?.includes('"tablesData"') ?? false,
  );
  await page.getByRole('button', { name: 'Ejecutar' }).click();
  expect((await ran).request().postData()).toContain(JSON.stringify(typed).slice(1, -1));
  const grid = page.getByRole('table', { name: /Sentencia 1/ });
  await expect(grid.getByRole('row').nth(1)).toContainText('##PLATAFORMA(ANDROID)##');
  await expect(grid.getByRole('row').nth(1)).toContainText('[a])');
  await leaveOnHome(page);
});

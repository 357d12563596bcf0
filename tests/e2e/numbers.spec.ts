// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

const TEXT = {
  es: {
    data: 'Datos / selección',
    records: 'Registros de gen_productos',
    filter: 'Filtro por columna',
    idValue: 'Valor de id',
    edit: 'Editar registro',
    dialog: 'Editar registro de gen_productos',
    statement: 'Sentencia SQL',
    save: 'Guardar',
    run: 'Ejecutar',
    result: 'Sentencia 1 (SELECT)',
  },
  en: {
    data: 'Data / selection',
    records: 'Records of gen_productos',
    filter: 'Filter by column',
    idValue: 'id value',
    edit: 'Edit record',
    dialog: 'Edit record of gen_productos',
    statement: 'SQL statement',
    save: 'Save',
    run: 'Run',
    result: 'Statement 1 (SELECT)',
  },
} as const;

/** Opens gen_productos' data tab narrowed to one product. */
async function openProduct(page: Page, language: 'es' | 'en', id: string) {
  const text = TEXT[language];
  await page.goto(`/app/sqltables?database=${demoProject()}`);
  await page.getByRole('button', { name: 'gen_productos', exact: true }).click();
  await page.getByRole('tab', { name: text.data }).click();
  const grid = page.getByRole('table', { name: text.records });
  await expect(grid.getByRole('row')).not.toHaveCount(1);
  const filter = page.getByRole('searchbox', { name: text.idValue });
  // The filter row stays open once opened (remembered): opened here when it is not.
  await expect(async () => {
    if (!(await filter.isVisible())) await page.getByRole('button', { name: text.filter }).click();
    await expect(filter).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await filter.fill(id);
  await expect(grid.getByRole('row')).toHaveCount(2);
  return grid;
}

/** Replaces the SQL tab's text and runs it; the first statement's grid. */
async function runSql(page: Page, language: 'es' | 'en', sql: string) {
  await page.getByRole('tab', { name: 'SQL' }).click();
  await page.getByTestId('sql-console-editor').locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  await page.getByRole('button', { name: TEXT[language].run }).click();
  return page.getByRole('table', { name: TEXT[language].result });
}

/** Types a price in the row editor and saves it; what the grid and PostgreSQL then hold. */
async function editPrice(page: Page, language: 'es' | 'en', id: string, typed: string) {
  const text = TEXT[language];
  const grid = await openProduct(page, language, id);
  await grid.getByRole('button', { name: text.edit }).click();
  const editor = page.getByRole('dialog', { name: text.dialog });
  const price = editor.getByRole('textbox', { name: 'precio', exact: true });
  await price.fill(typed);
  await expect(editor.getByLabel(text.statement)).toHaveText(
    `UPDATE gen_productos SET precio = 3.25 WHERE id = '${id}'`,
  );
  return { grid, editor, price };
}

test('a price typed with the language decimal separator is stored as typed, never 325', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');

  // Spanish: "3,25" is 3.25; what could be a thousands point is refused with the reason.
  const es = await editPrice(page, 'es', 'ART-118', '3,25');
  await es.price.fill('1.234');
  await es.editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(es.editor.getByText(/«1\.234» puede ser un número con decimales/)).toBeVisible();
  await expect(es.price).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'numbers-refused-es');
  await es.price.fill('3,25');
  await expectAccessible(page, 'record editor with a decimal comma', '[role="dialog"]');
  await shoot(page, 'numbers-editor-es');
  await es.editor.getByRole('button', { name: 'Guardar' }).click();
  await expect(es.editor).toBeHidden();
  await expect(es.grid.getByRole('row').nth(1)).toContainText('3,25');
  await shoot(page, 'numbers-grid-es', { sideways: true });

  // What PostgreSQL holds, as text, and the SQL grid's own format (the grid's and the dialog's).
  const stored = await runSql(
    page,
    'es',
    `SELECT precio::text AS texto, precio, 9007199254740993::bigint AS grande, 1234567 AS cuenta
     FROM gen_productos WHERE id = 'ART-118'`,
  );
  await expect(stored.getByRole('row').nth(1)).toHaveText(
    ['3.25', '3,25', '9007199254740993', '1234567'].join(''),
  );
  await shoot(page, 'numbers-sql-es', { sideways: true });

  // English: "3.25" is 3.25, and a decimal comma is refused.
  await chooseLanguage(page, 'en');
  const en = await editPrice(page, 'en', 'ART-119', '3.25');
  await en.price.fill('3,25');
  await en.editor.getByRole('button', { name: 'Save' }).click();
  await expect(en.editor.getByText(/“3,25” has a thousands separator out of place/)).toBeVisible();
  await shoot(page, 'numbers-refused-en');
  await en.price.fill('3.25');
  await en.editor.getByRole('button', { name: 'Save' }).click();
  await expect(en.editor).toBeHidden();
  await expect(en.grid.getByRole('row').nth(1)).toContainText('3.25');
  await shoot(page, 'numbers-grid-en', { sideways: true });
  const english = await runSql(
    page,
    'en',
    `SELECT precio::text AS texto, precio FROM gen_productos WHERE id = 'ART-119'`,
  );
  await expect(english.getByRole('row').nth(1)).toHaveText('3.253.25');
  await shoot(page, 'numbers-sql-en', { sideways: true });

  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

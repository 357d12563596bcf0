import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { chooseLanguage, demoProject, demoUsers, signIn } from './support';

/** Replaces the SQL tab's text (typed as it is: Monaco would close brackets on key presses). */
async function typeSql(page: Page, text: string): Promise<void> {
  await page.getByTestId('sql-console-editor').locator('.monaco-editor').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('an operator runs free SQL with completion, a grid per statement, a refusal and a cancel', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto(`/app/sqltables?database=${demoProject()}`);
  await page.getByRole('tab', { name: 'SQL' }).click();

  // Completion: the columns of the table the text names (asked for as the text is written).
  const columns = page.waitForResponse(
    (response) => response.request().postData()?.includes('"tablesColumns"') ?? false,
  );
  await typeSql(page, 'SELECT  FROM gen_clientes ORDER BY id LIMIT 3');
  await columns;
  await page.keyboard.press('Home');
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.type('nom');
  // Asked for in the editor (focused again: the page may take the focus as its lists refresh).
  const suggestions = page.locator('.monaco-editor .suggest-widget');
  const input = page.getByTestId('sql-console-editor').locator('textarea');
  await expect(async () => {
    await input.focus();
    await page.keyboard.press('ControlOrMeta+Space');
    await expect(suggestions.getByText('nombre', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await suggestions.getByText('nombre', { exact: true }).click();
  await expect(page.getByTestId('sql-console-editor')).toContainText(
    'SELECT nombre FROM gen_clientes',
  );

  // Two statements, two grids; the second is a count.
  await typeSql(
    page,
    'SELECT nombre FROM gen_clientes ORDER BY id LIMIT 3; SELECT count(*) AS n FROM gen_productos',
  );
  await page.getByRole('button', { name: 'Ejecutar' }).click();
  await expect(page.getByText('2 sentencias ejecutadas')).toBeVisible();
  const first = page.getByRole('table', { name: 'Sentencia 1 (SELECT)' });
  await expect(first.getByRole('row')).toHaveCount(4);
  const second = page.getByRole('table', { name: 'Sentencia 2 (SELECT)' });
  await expect(second.getByRole('row').nth(1)).toHaveText('20');
  await expectAccessible(page, 'sql console');
  await shoot(page, 'sql-console-es');

  // PostgreSQL refuses what the project's role may not read: a one-column ERROR grid.
  await typeSql(page, 'SELECT login FROM core.users');
  await page.getByRole('button', { name: 'Ejecutar' }).click();
  await expect(page.getByRole('table', { name: 'Resultado' })).toContainText(
    'Sentencia 1 (SQLSTATE 42501): permission denied for schema core',
  );

  // A long statement is cancelled.
  await typeSql(page, 'SELECT pg_sleep(30)');
  await page.getByRole('button', { name: 'Ejecutar' }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText(/^Ejecución cancelada/)).toBeVisible();

  await chooseLanguage(page, 'en');
  await page.getByRole('tab', { name: 'SQL' }).click();
  await typeSql(page, 'SELECT id, descripcion FROM gen_productos ORDER BY id LIMIT 12');
  await page.getByRole('button', { name: 'Run' }).click();
  const grid = page.getByRole('table', { name: 'Statement 1 (SELECT)' });
  // 10 rows a page (001 §9) of the 12.
  await expect(grid.getByRole('row')).toHaveCount(11);
  await shoot(page, 'sql-console-en');
});

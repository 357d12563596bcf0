import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

const SQL = `SELECT n, ##NOMBRE##::text AS nombre,
  ##ESTADO[abierto=Abierto,cerrado=Cerrado](abierto)## AS estado
FROM generate_series(1, 3) AS n`;

test('an operator writes a report with macros, runs it filling them and exports it to CSV', async ({
  page,
}) => {
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto(`/app/reports?database=${demoProject()}`);
  await expect(page.getByRole('heading', { name: 'Informes', level: 1 })).toBeVisible();
  await expect(page.getByText('Elija un informe de la lista o cree uno nuevo.')).toBeVisible();

  // New (id -1): a name and the SQL, typed as it is (Monaco would close brackets on key presses).
  await page.getByRole('button', { name: 'Nuevo informe' }).click();
  await page.getByRole('textbox', { name: 'Nombre' }).fill('Informe e2e');
  await page.getByTestId('report-sql-editor').locator('.monaco-editor').click();
  await page.keyboard.insertText(SQL);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Informe «Informe e2e» guardado')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Informe e2e/ })).toBeVisible();

  // The macros' form: a text field, a combo with its default; nothing runs until all are filled.
  await page.getByRole('button', { name: 'Ejecutar' }).click();
  const form = page.getByRole('dialog', { name: 'Valores de las macros' });
  await expect(form.getByRole('combobox', { name: 'ESTADO' })).toHaveText('Abierto');
  await form.getByRole('button', { name: 'Ejecutar' }).click();
  await expect(form.getByText('Debe rellenar todas las macros')).toBeVisible();
  await form.getByRole('textbox', { name: 'NOMBRE' }).fill(`Ana "la", O'Neil`);
  await form.getByRole('combobox', { name: 'ESTADO' }).click();
  await page.getByRole('option', { name: 'Cerrado' }).click();
  await expectAccessible(page, 'report macros');
  await form.getByRole('button', { name: 'Ejecutar' }).click();

  const grid = page.getByRole('table', { name: 'Resultado' });
  await expect(grid.getByRole('row')).toHaveCount(4);
  await expect(grid.getByRole('row').nth(1)).toContainText(`1Ana "la", O'Neilcerrado`);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV' }).click();
  const file = await (await download).path();
  const csv = fs.readFileSync(file, 'utf8');
  expect(csv).toBe(
    '\uFEFFn,nombre,estado\r\n' +
      [1, 2, 3].map((n) => `${n},"Ana ""la"", O'Neil",cerrado\r\n`).join(''),
  );

  // The filter narrows the grid (and what is exported).
  await page.getByRole('searchbox', { name: 'Filtrar resultado' }).fill('zzz');
  await expect(grid.getByRole('row')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Filtrar resultado' }).fill('');
  await expectAccessible(page, 'reports');
  await shoot(page, 'reports-es');

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // The language change reloads the screen: the editor opens again from the list.
  await page.getByRole('button', { name: /^Informe e2e/ }).click();
  await page.getByRole('button', { name: 'Run' }).click();
  const english = page.getByRole('dialog', { name: 'Macro values' });
  await english.getByRole('textbox', { name: 'NOMBRE' }).fill('Ana');
  await english.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('table', { name: 'Result' }).getByRole('row')).toHaveCount(4);
  await shoot(page, 'reports-en');
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

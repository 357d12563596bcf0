// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

const shots = process.env.SCREENSHOTS_DIR;

/** From the menu to the connect screen of the server's own environment ("Local"). */
async function openLocalProjects(page: Page) {
  await page.getByRole('menuitem', { name: 'Entornos y proyectos' }).click();
  // One environment: straight to its connect screen; several: through its card.
  const connect = page.getByRole('heading', { level: 1, name: 'Proyectos de Local' });
  const card = page.getByRole('region', { name: 'Local' });
  await expect(connect.or(card)).toBeVisible();
  if (await card.isVisible()) await card.getByRole('link', { name: 'Ver proyectos' }).click();
  await expect(connect).toBeVisible();
  await expect(page).toHaveURL(/\/app\/serverconnect\?server=\d+/);
}

test('an administrator creates a project, assigns it licences, deletes and restores it', async ({
  page,
}) => {
  const name = `Inventario ${Date.now() % 100000}`;
  const dbname = `inv_${Date.now() % 100000}`;
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await openLocalProjects(page);
  await expect(page.getByRole('table', { name: 'Proyectos del entorno' })).toContainText('Demo');

  await page.getByRole('button', { name: 'Nuevo proyecto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo proyecto' });
  await dialog.getByLabel('Nombre del proyecto').fill(name);
  await dialog.getByLabel('Nombre de la base de datos').fill(dbname);
  await expect(dialog.getByLabel('Crear las tablas al crear el proyecto')).toBeChecked();
  await dialog.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByText(`Proyecto ${name} creado`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(dbname);
  await expect(row).toContainText('Activo');

  await row.getByRole('button', { name: `Licencias ${name}` }).click();
  const licences = page.getByRole('dialog', { name: `Licencias de ${name}` });
  await licences.getByLabel('Licencias asignadas').fill('5');
  await licences.getByRole('button', { name: 'Guardar' }).click();
  await expect(licences.getByText(`¿Añadir 5 licencias al proyecto ${name}?`)).toBeVisible();
  await licences.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('El proyecto tiene ahora 5 licencias')).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('5');

  await row.getByRole('button', { name: `Borrar ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Borrar' }).click();
  await expect(page.getByText(`Proyecto ${name} marcado para borrar`)).toBeVisible();
  await expect(row).toContainText('Borrado');
  await expect(row.getByRole('button', { name: `Abrir ${name}` })).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/serverconnect-deleted-es-1280.png` });

  await row.getByRole('button', { name: `Restaurar ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restaurar' }).click();
  await expect(page.getByText(`Proyecto ${name} restaurado`)).toBeVisible();
  await expect(row).toContainText('Activo');
  await expect(row).toContainText('5');
  await leaveOnHome(page);
});

test('LDATA statements that fail are listed under SQL fallidos, and the project exists', async ({
  page,
}) => {
  const stamp = Date.now() % 100000;
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await openLocalProjects(page);
  await page.getByRole('button', { name: 'Nuevo proyecto' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo proyecto' });
  await dialog.getByLabel('Nombre del proyecto').fill(`Catálogo ${stamp}`);
  await dialog.getByLabel('Nombre de la base de datos').fill(`cat_${stamp}`);
  await dialog.getByRole('textbox', { name: 'Definición de las tablas (SQL)' }).fill(
    [
      'CREATE TABLE articulos (id integer primary key);',
      'DROP TABLE articulos;',
      // The guard cannot read an escaped name; the project's role is refused by PostgreSQL.
      'CREATE TABLE U&"\\0063ore".robo (id integer);',
    ].join('\n'),
  );
  await dialog.getByRole('button', { name: 'Crear' }).click();
  const failed = page.getByRole('dialog', { name: 'Nuevo proyecto' });
  await expect(failed.getByText('SQL fallidos')).toBeVisible();
  // The DROP (not an LDATA statement) and the write to core failed; the CREATE TABLE ran.
  const statements = failed.getByRole('list', { name: 'SQL fallidos' }).getByRole('listitem');
  await expect(statements).toHaveCount(2);
  await expect(statements.first()).toContainText('DROP TABLE articulos');
  await expect(statements.first()).toContainText('Sentencia 2: Sentencia no admitida');
  await expect(statements.nth(1)).toContainText('Sentencia 3 (SQLSTATE 42501)');
  if (shots) {
    await page.waitForTimeout(400); // the dialogs cross-fade
    await page.screenshot({ path: `${shots}/failed-sql-es-1280.png` });
  }
  await failed.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Catálogo ${stamp}` })).toBeVisible();
  await leaveOnHome(page);
});

const labels = {
  es: { projects: 'Proyectos de Local', licences: 'Licencias Demo', newProject: 'Nuevo proyecto' },
  en: { projects: 'Projects of Local', licences: 'Licences Demo', newProject: 'New project' },
};

/** Every screen of the environments area, and its dialogs, in both languages. */
for (const width of [1280, 375]) {
  test(`the environments screens render in Spanish and English at ${width} px`, async ({
    page,
  }) => {
    test.skip(!shots, 'only when SCREENSHOTS_DIR is set');
    await page.setViewportSize({ width, height: width > 500 ? 800 : 740 });
    await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
    const shot = (name: string, language: string) =>
      page.screenshot({ path: `${shots}/${name}-${language}-${width}.png`, fullPage: true });
    for (const language of ['es', 'en'] as const) {
      await chooseLanguage(page, language);
      const text = labels[language];
      await page.goto('/app/mam?redirect=app.mam');
      await expect(page.getByRole('region', { name: 'Local' })).toBeVisible();
      await page.waitForTimeout(400);
      await shot('environments-dashboard', language);

      await page.getByRole('region', { name: 'Local' }).getByRole('link').first().click();
      await expect(page.getByRole('heading', { level: 1, name: text.projects })).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: 'Demo' })).toBeVisible();
      await shot('serverconnect', language);
      await page.getByRole('button', { name: text.newProject }).click();
      await page.waitForTimeout(400);
      await shot('new-project', language);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: text.licences, exact: true }).click();
      await page.waitForTimeout(400);
      await shot('licences', language);
      await page.keyboard.press('Escape');

      await page.goto(
        '/app/environments?oper=install&url=https://otra.example.com|https://otra.example.com/oidc',
      );
      await expect(page.getByRole('table')).toContainText('Local');
      await shot('environments', language);

      await page.goto('/app/databaseoffline');
      await expect(page.getByRole('alert').first()).toBeVisible();
      await shot('databaseoffline', language);
    }
    await chooseLanguage(page, 'es');
    await leaveOnHome(page);
  });
}

// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

test('an operator opens a folder, uploads, downloads and deletes project files', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto(`/app/setting/fileBrowser?database=${demoProject()}`);
  await expect(page.getByRole('tab', { name: 'Explorador de archivos' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const files = page.getByRole('region', { name: 'Archivos del proyecto' });
  await expect(files.getByText(/Archivos del proyecto en el servidor/)).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Carpeta actual' });
  await expect(crumbs).toContainText('Carpeta raíz');
  await expectAccessible(page, 'the empty file browser');

  // A new folder is entered at once; it is kept once a file is uploaded into it.
  await page.getByRole('button', { name: 'Nueva carpeta' }).click();
  const naming = page.getByRole('dialog', { name: 'Nueva carpeta' });
  await naming.getByRole('textbox', { name: 'Nombre de la carpeta' }).fill('../fuera');
  await expect(naming.getByText(/Use solo letras, cifras/)).toBeVisible();
  await expect(naming.getByRole('button', { name: 'Abrir' })).toBeDisabled();
  await naming.getByRole('textbox', { name: 'Nombre de la carpeta' }).fill('manuales');
  await expectAccessible(page, 'the new folder dialog', '[role="dialog"]');
  await shoot(page, 'settings-files-new-folder-es');
  await naming.getByRole('button', { name: 'Abrir' }).click();
  await expect(crumbs.getByText('manuales')).toBeVisible();

  await page.getByLabel('Subir archivo', { exact: true }).setInputFiles({
    name: 'guía rápida.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Encienda el terminal y abra la aplicación.'),
  });
  await expect(page.getByText('Archivo subido: gu_a_r_pida.txt')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Descargar gu_a_r_pida.txt' })).toBeVisible();

  // Back at the root the folder is listed first, opened by a click on its row.
  await crumbs.getByRole('button', { name: 'Carpeta raíz' }).click();
  await page.getByLabel('Subir archivo', { exact: true }).setInputFiles({
    name: 'plantilla.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('id;nombre\n1;Ana\n'),
  });
  const folderRow = page.getByRole('row', { name: /manuales/ });
  await expect(folderRow).toContainText('Carpeta');
  await expect(page.getByRole('row', { name: /plantilla\.csv/ })).toContainText('Archivo');
  await expectAccessible(page, 'the file browser with files');
  await shoot(page, 'settings-files-es');
  await chooseLanguage(page, 'en');
  await expect(page.getByRole('region', { name: 'Project files' })).toBeVisible();
  await expect(folderRow).toContainText('Folder');
  await shoot(page, 'settings-files-en');
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('textbox', { name: 'Folder name' }).fill('a b');
  await expect(page.getByText(/Use only letters, digits/)).toBeVisible();
  await shoot(page, 'settings-files-new-folder-en');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await chooseLanguage(page, 'es');

  await page.getByRole('cell', { name: 'manuales', exact: true }).click();
  await expect(crumbs.getByText('manuales')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar gu_a_r_pida.txt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('gu_a_r_pida.txt');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(
    'Encienda el terminal y abra la aplicación.',
  );

  // Deleting asks first, naming the file.
  await page.getByRole('button', { name: 'Borrar gu_a_r_pida.txt' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('gu_a_r_pida.txt');
  await expectAccessible(page, 'the delete confirmation', '[role="dialog"]');
  await shoot(page, 'settings-files-delete-es');
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('button', { name: 'Descargar gu_a_r_pida.txt' })).toHaveCount(0);
  await crumbs.getByRole('button', { name: 'Carpeta raíz' }).click();
  await expect(page.getByRole('row', { name: /manuales/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Borrar plantilla.csv' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
  await expect(page.getByRole('row', { name: /plantilla\.csv/ })).toHaveCount(0);

  await leaveOnHome(page);
});

test('on a phone the chosen settings tab is in view when opened by its address', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto(`/app/setting/fileBrowser?database=${demoProject()}`);
  const tab = page.getByRole('tab', { name: 'Explorador de archivos' });
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect(async () => {
    const box = (await tab.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }).toPass({ timeout: 5_000 });
  await leaveOnHome(page);
});

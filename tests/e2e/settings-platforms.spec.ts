// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Locator } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

/** A row of a list, found by its text. */
const rowOf = (list: Locator, text: string) => list.locator('tbody tr', { hasText: text });

test('an operator edits a platform model, is refused an empty name, and changes a replicator setting', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto(`/app/setting/platform?database=${demoProject()}`);
  await expect(page.getByRole('tab', { name: 'Plataformas' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const platforms = page.getByRole('region', { name: 'Plataformas' });
  const models = page.getByRole('region', { name: 'Modelos' });
  // Codes shown by their labels: IPHONE is "iPhone", WINDOWS32 "Windows (32 bits)".
  await expect(rowOf(platforms, 'iPhone')).toBeVisible();
  await expect(rowOf(platforms, 'Windows (32 bits)')).toBeVisible();
  await expect(platforms.getByText('WINDOWS32')).toHaveCount(0);
  await expectAccessible(page, 'platforms tab');
  await shoot(page, 'platforms-es', { sideways: true });

  // A new model for Android.
  await models.getByRole('button', { name: 'Crear' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Modelo' }).fill('Galaxy XCover 7');
  await dialog.getByRole('combobox', { name: 'Plataforma' }).click();
  await page.getByRole('option', { name: 'Android', exact: true }).click();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await models.getByRole('textbox', { name: 'Buscar modelo' }).fill('XCover');
  const created = rowOf(models, 'Galaxy XCover 7');
  await expect(created).toContainText('Android');

  // Renamed: an empty name is refused with configuration.noempty, then a good one is saved.
  await created.click();
  dialog = page.getByRole('dialog');
  const name = dialog.getByRole('textbox', { name: 'Modelo' });
  await name.fill('');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('El nombre del modelo no puede estar vacío.')).toBeVisible();
  await expectAccessible(page, 'model dialog', '[role="dialog"]');
  await shoot(page, 'platforms-model-dialog-es', { sideways: true });
  await name.fill('Galaxy XCover 7 Pro');
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(models, 'Galaxy XCover 7 Pro')).toBeVisible();

  // Removed after a confirmation.
  await rowOf(models, 'Galaxy XCover 7 Pro').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Galaxy XCover 7 Pro');
  await confirm.getByRole('button', { name: /Eliminar|Confirmar|Borrar/ }).click();
  await expect(rowOf(models, 'Galaxy XCover 7 Pro')).toHaveCount(0);

  // The replicator: the Replicator dialog checks the value by its type (000 §5).
  await page.getByRole('tab', { name: 'Replicador' }).click();
  const settings = page.getByRole('region', { name: 'Ajustes del replicador' });
  const fetchMax = rowOf(settings, 'Operaciones entregadas por llamada');
  await expect(fetchMax).toContainText('500');
  await expectAccessible(page, 'replicator tab');
  await shoot(page, 'replicator-es', { sideways: true });
  await fetchMax.click();
  dialog = page.getByRole('dialog', { name: 'Operaciones entregadas por llamada' });
  const value = dialog.getByRole('spinbutton', { name: 'Valor' });
  await value.fill('20000');
  await expect(
    dialog.getByText(
      'El valor de «Operaciones entregadas por llamada» debe ser un número entero entre 1 y 10000.',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Guardar' })).toBeDisabled();
  await value.fill('800');
  await expectAccessible(page, 'replicator dialog', '[role="dialog"]');
  await shoot(page, 'replicator-dialog-es', { sideways: true });
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(
    page.getByText('Ajuste «Operaciones entregadas por llamada» guardado'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(fetchMax).toContainText('800');

  // The same screens in English.
  await chooseLanguage(page, 'en');
  await page.getByRole('tab', { name: 'Platforms' }).click();
  await expect(rowOf(page.getByRole('region', { name: 'Platforms' }), 'iPhone')).toBeVisible();
  await shoot(page, 'platforms-en', { sideways: true });
  await rowOf(page.getByRole('region', { name: 'Models' }), 'Android')
    .first()
    .click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Model' }).fill(' ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The model name cannot be empty.')).toBeVisible();
  await shoot(page, 'platforms-model-dialog-en', { sideways: true });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'Replicator' }).click();
  const english = page.getByRole('region', { name: 'Replicator settings' });
  await expect(rowOf(english, 'Operations delivered per call')).toContainText('800');
  await shoot(page, 'replicator-en', { sideways: true });
  await rowOf(english, 'Operations delivered per call').click();
  dialog = page.getByRole('dialog', { name: 'Operations delivered per call' });
  await dialog.getByRole('spinbutton', { name: 'Value' }).fill('500');
  await shoot(page, 'replicator-dialog-en', { sideways: true });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(rowOf(english, 'Operations delivered per call')).toContainText('500');

  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

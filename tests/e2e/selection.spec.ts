// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { expectAccessible } from './axe';
import { shoot } from './shots';
import { chooseLanguage, demoProject, demoUsers, leaveOnHome, signIn } from './support';

/** Replaces the selection editor's text (typed as it is: Monaco would close brackets). */
async function typeStatement(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('an operator sets a table’s criteria in the tables screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).admin);
  await chooseLanguage(page, 'es');
  await page.goto(`/app/sqltables?database=${demoProject()}`);
  await page.getByRole('button', { name: 'gen_pedidos', exact: true }).click();
  await page.getByRole('tab', { name: 'Datos / selección' }).click();
  const rule = page.getByRole('region', { name: 'Selección de datos' });
  await expect(
    rule.getByText('Sin regla guardada: se replican todos los registros.'),
  ).toBeVisible();
  await rule.getByRole('radio', { name: 'Por criterio' }).check();

  // The standard statement, then the check of 001 §5 before anything runs.
  await rule.getByRole('button', { name: 'Sentencia estándar' }).click();
  await expect(rule.locator('.monaco-editor')).toContainText('FROM "gen_pedidos"');
  await typeStatement(page, 'SELECT * FROM gen_pedidos');
  await rule.getByRole('button', { name: 'Probar' }).click();
  await expect(rule.getByRole('table', { name: 'Primeras filas' })).toContainText(
    'Consulta no permitida',
  );
  await typeStatement(page, "SELECT id, cliente, estado FROM gen_pedidos WHERE estado = 'P'");
  await rule.getByRole('button', { name: 'Probar' }).click();
  await expect(page.getByText('Consulta correcta')).toBeVisible();
  await expect(rule.getByText('Consulta comprobada')).toBeVisible();
  await expect(rule.getByRole('table', { name: 'Primeras filas' })).toContainText('estado');
  await rule.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Fila actualizada con éxito')).toBeVisible();
  // The saved statement counts as checked until it is changed (000 §4).
  await expect(rule.getByText('Consulta comprobada')).toBeVisible();
  await expectAccessible(page, 'selection rule');
  await shoot(page, 'selection-rule-es');

  // The selected template lists it; a device with no table chosen is refused.
  await page.getByRole('tab', { name: 'Plantilla seleccionada' }).click();
  const template = page.getByRole('table', { name: 'Plantilla seleccionada' });
  await expect(template.getByRole('row', { name: /gen_pedidos/ })).toContainText('Por criterio');
  await expectAccessible(page, 'selected template');
  await shoot(page, 'selection-template-es');

  await page.getByRole('tab', { name: 'Aprovisionamiento' }).click();
  await expect(
    page.getByRole('region', { name: /Criterios de aprovisionamiento: gen_pedidos/ }),
  ).toBeVisible();
  await expectAccessible(page, 'provisioning criteria');
  await shoot(page, 'selection-provisioning-es');

  await chooseLanguage(page, 'en');
  await page.getByRole('button', { name: 'gen_pedidos', exact: true }).click();
  await page.getByRole('tab', { name: 'Data / selection' }).click();
  const english = page.getByRole('region', { name: 'Data selection' });
  await expect(english.getByRole('radio', { name: 'By criteria' })).toBeChecked();
  await expect(english.locator('.monaco-editor')).toContainText("estado = 'P'");
  await shoot(page, 'selection-rule-en');
  await page.getByRole('tab', { name: 'Selected template' }).click();
  await expect(page.getByRole('table', { name: 'Selected template' })).toContainText('By criteria');
  await shoot(page, 'selection-template-en');
  await page.getByRole('tab', { name: 'Provisioning' }).click();
  await shoot(page, 'selection-provisioning-en');
  await chooseLanguage(page, 'es');
  await leaveOnHome(page);
});

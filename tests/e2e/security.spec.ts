import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { chooseLanguage, demoUsers, leaveOnHome, signIn } from './support';

// /app/security and /app/organization (issue 13): an API client created in the console lists the
// demo project's devices through /api/rest with its secret; a certificate is uploaded as a file.

const shots = process.env.SCREENSHOTS_DIR;
const KEYSTORE = path.resolve('tests/fixtures/certificates/upload.jks');

async function shoot(page: Page, name: string) {
  if (!shots) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
}

test('an API client created in /app/security lists devices through /api/rest with its secret', async ({
  page,
  request,
}) => {
  const { admin } = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, admin);
  await chooseLanguage(page, 'es');
  await page.goto('/app/security');
  await expect(page.getByText('Un cliente de API obtiene tokens')).toBeVisible();
  await page.getByRole('button', { name: 'Crear' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill('Integración ERP');
  // An API client: rights, no redirect URIs.
  await expect(dialog.getByLabel('Direcciones de retorno')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Copie el secreto ahora')).toBeVisible();
  const clientId = await dialog.getByTestId('security.client_id').inputValue();
  const secret = await dialog.getByTestId('security.secret').inputValue();
  expect(clientId).toMatch(/^flota-api-/);
  expect(secret.length).toBeGreaterThan(30);
  await dialog.getByRole('button', { name: 'Hecho' }).click();
  await expect(page.getByRole('cell', { name: clientId })).toBeVisible();
  // A row opens the engine's show view, with the record's history (its creation).
  await page.getByRole('cell', { name: clientId }).click();
  const shown = page.getByRole('dialog', { name: /Cliente de identidad · Integración ERP/ });
  await expect(shown.getByText('Historial', { exact: true })).toBeVisible();
  await expect(shown.getByRole('listitem')).toHaveCount(1);
  await expect(shown.getByText(clientId, { exact: true }).first()).toBeVisible();
  await shown.getByRole('button', { name: 'Cerrar' }).click();
  await expect(shown).toHaveCount(0);

  // The client's own token, from the provider's token endpoint with its secret.
  const tokenResponse = await request.post(`${E2E.main.url}/oidc/token`, {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials' },
  });
  expect(tokenResponse.status()).toBe(200);
  const { access_token: token } = await tokenResponse.json();
  const headers = { authorization: `Bearer ${token}` };
  const projects = await request.post(`${E2E.main.url}/api/services`, {
    headers,
    data: { operation: 'projects', parameter: {} },
  });
  const demo = (await projects.json()).result.data.find((p: { name: string }) => p.name === 'Demo');
  const devices = await request.get(
    `${E2E.main.url}/api/rest/projects/${demo.numero}/devicelist?range=[0,9]`,
    { headers },
  );
  expect(devices.status()).toBe(200);
  expect(devices.headers()['content-range']).toMatch(/^devicelist 0-\d+\/\d+$|^devicelist \*\/0$/);
  expect(Array.isArray(await devices.json())).toBe(true);

  // Deleted in the console: its token is refused from the next request.
  await page.getByRole('row', { name: new RegExp(clientId) }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  const deleted = page.waitForResponse(
    // The engine's delete (docs/resources.md, "Text keys"); `deleteClient` is its alias.
    (r) => (r.request().postData() ?? '').includes('identityClientsDelete') && r.ok(),
  );
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Eliminar|Confirmar|Borrar/ })
    .click();
  await expect(page.getByRole('cell', { name: clientId })).toHaveCount(0);
  await deleted;
  const refused = await request.get(
    `${E2E.main.url}/api/rest/projects/${demo.numero}/devicelist?range=[0,9]`,
    { headers },
  );
  expect(refused.status()).toBe(401);
  await leaveOnHome(page);
});

test('a company administrator uploads a keystore in /app/organization; its secrets never come back', async ({
  page,
}) => {
  const { admin } = demoUsers(E2E.main.dataDir);
  await signIn(page, E2E.main.url, admin);
  await chooseLanguage(page, 'es');
  await page.goto('/app/organization');
  await expect(page.getByRole('heading', { name: 'Datos de la empresa' })).toBeVisible();
  await page.getByLabel('Web').fill('https://demo.example.com');
  await page.getByLabel('Teléfono').fill('+34 900 000 000');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Elemento actualizado')).toBeVisible();

  await page.getByRole('button', { name: 'Subir certificado' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nombre').fill('Android release');
  await dialog.getByLabel('Alias').fill('release');
  await dialog.getByLabel('Contraseña del almacén').fill('storepass1');
  await dialog.getByLabel('Fichero').setInputFiles(KEYSTORE);
  await expect(dialog.getByTestId('certificate-file')).toHaveText('upload.jks');
  const uploaded = page.waitForResponse((r) => r.url().includes('/api/organization/certificates'));
  await dialog.getByRole('button', { name: 'Subir certificado' }).click();
  const body = await (await uploaded).text();
  expect(body).not.toContain('storepass1');
  // Its row (another spec on this server may have uploaded the same file under another name).
  const certificate = page.getByRole('row', { name: /Android release/ });
  await expect(certificate).toBeVisible();
  await expect(certificate.getByRole('cell', { name: 'upload.jks' })).toBeVisible();
  // Its edit dialog (the shares) shows the record's history: its upload.
  await certificate.getByRole('cell', { name: 'upload.jks' }).click();
  const edit = page.getByRole('dialog', { name: 'Android release' });
  await expect(edit.getByText('Compartir con').first()).toBeVisible();
  await expect(edit.getByText('Historial', { exact: true })).toBeVisible();
  await expect(edit.getByRole('listitem')).toHaveCount(1);
  await expect(edit.getByText(/^Alta · .* · admin · Consola$/)).toBeVisible();
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toHaveCount(0);

  for (const language of ['en', 'es'] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await chooseLanguage(page, language);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/app/organization');
      // A table at 1280 px, a card per certificate on a phone.
      await expect(page.getByText('Android release', { exact: true }).first()).toBeVisible();
      await shoot(page, `organization-${language}-${width}`);
      await page
        .getByRole('button', {
          name: language === 'es' ? 'Subir certificado' : 'Upload certificate',
        })
        .click();
      await shoot(page, `organization-upload-${language}-${width}`);
      await page.keyboard.press('Escape');
      await page.goto('/app/security');
      await expect(
        page.getByText(language === 'es' ? 'Un cliente de API' : 'An API client'),
      ).toBeVisible();
      await shoot(page, `security-${language}-${width}`);
      await page
        .getByRole('button', { name: language === 'es' ? 'Crear' : 'Create', exact: true })
        .click();
      const create = page.getByRole('dialog');
      await create.getByRole('combobox').first().click();
      await page
        .getByRole('option', { name: language === 'es' ? 'Cliente de acceso' : 'Login client' })
        .click();
      await shoot(page, `security-login-${language}-${width}`);
      await create.getByLabel(language === 'es' ? 'Nombre' : 'Name').fill('Shot');
      await create.getByRole('combobox').first().click();
      await page
        .getByRole('option', { name: language === 'es' ? 'Cliente de API' : 'API client' })
        .click();
      await create.getByRole('button', { name: language === 'es' ? 'Guardar' : 'Save' }).click();
      await expect(create.getByTestId('security.secret')).toBeVisible();
      await shoot(page, `security-secret-${language}-${width}`);
      await create.getByRole('button', { name: language === 'es' ? 'Hecho' : 'Done' }).click();
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await leaveOnHome(page);
});

import fs from 'node:fs';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { expect as expectNow, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { CERTIFICATE_UPLOAD_PATH } from '../../protocol/resources/certificates';
import { TEMPLATE_UPLOAD_PATH } from '../../protocol/frameworks';
import { expectAccessible } from './axe';
import { startFleet, type SimulatedFleet } from './fleet';
import { shootAt } from './shotsAt';
import {
  chooseLanguage,
  demoProject,
  demoUsers,
  leaveOnHome,
  signIn,
  storedAccessToken,
} from './support';

// The machine these run on may be busy: every expectation waits up to 60 s.
const expect = expectNow.configure({ timeout: 60_000 });

const KEYSTORE = fs.readFileSync(path.resolve('tests/fixtures/certificates/upload.jks'));
const TEMPLATE = Buffer.from(
  zipSync({ 'AndroidManifest.xml': strToU8('<manifest/>'), 'classes.dex': strToU8('dex') }),
);

/** An operation with the signed-in page's token: the whole answer. */
async function answer(page: Page, operation: string, parameter: Record<string, unknown>) {
  const stored = await storedAccessToken(page);
  const response = await page.request.post('/api/services', {
    headers: { authorization: `Bearer ${stored!.token}` },
    data: { operation, parameter },
  });
  return (await response.json()) as { error: { code: string; description: string }; result: any };
}

/** An operation that must succeed: its result. */
async function call(page: Page, operation: string, parameter: Record<string, unknown>) {
  const body = await answer(page, operation, parameter);
  expect(body.error.code, JSON.stringify(body.error)).toBe('0');
  return body.result;
}

/** A multipart form posted with the page's token: the answer's result. */
async function postForm(
  page: Page,
  url: string,
  fields: Record<string, string>,
  file: { name: string; buffer: Buffer },
) {
  const stored = await storedAccessToken(page);
  const response = await page.request.post(url, {
    headers: { authorization: `Bearer ${stored!.token}` },
    multipart: { ...fields, file: { ...file, mimeType: 'application/octet-stream' } },
  });
  const body = await response.json();
  expect(body.error.code, JSON.stringify(body.error)).toBe('0');
  return body.result;
}

let fleet: SimulatedFleet | undefined;
test.afterAll(async () => {
  await fleet?.stop();
});

/**
 * The frameworks page (/app/frameworks, docs/frameworks.md): the top administrator keeps a
 * framework version with its template; the company administrator uploads the company's keystore,
 * chooses the project and environment, generates the app signed with it, waits for it, downloads
 * the signed build, publishes it and the simulated devices are offered the update; an ordinary
 * user without the project is refused each operation.
 */
test('an administrator generates, downloads and publishes an app to the devices', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const users = demoUsers(E2E.main.dataDir);
  const database = demoProject();
  const title = `Android e2e ${Date.now() % 100000}`;
  fleet = await startFleet(E2E.main.url, E2E.main.dataDir, 4);

  // The top administrator: a version with its template (the versions list on the page).
  const top = await browser.newPage();
  await signIn(top, E2E.main.url, users.superadmin);
  const version = await call(top, 'frameworkVersionUpdate', {
    Operation: 1,
    Plat: 1,
    Type: 'native',
    Tittle: title,
    Description: 'Plantilla de la prueba',
    Private: false,
  });
  await postForm(
    top,
    TEMPLATE_UPLOAD_PATH,
    { id: String(version.id) },
    { name: 'android.zip', buffer: TEMPLATE },
  );
  await chooseLanguage(top, 'es');
  await top.goto('/app/frameworks');
  const versions = top.getByRole('region', { name: 'Versiones de framework' });
  await expect(versions.getByRole('row', { name: new RegExp(title) })).toBeVisible();
  await expect(
    versions.getByRole('button', { name: `Subir plantilla (zip): ${title}` }),
  ).toBeVisible();
  await shootAt(top, 'frameworks-top-es');
  await top.close();

  // The company administrator: the keystore, then the page.
  await signIn(page, E2E.main.url, users.admin);
  await chooseLanguage(page, 'es');
  await postForm(
    page,
    CERTIFICATE_UPLOAD_PATH,
    { name: `Release ${title}`, type: 'keystore', certname: 'release', keystorepwd: 'storepass1' },
    { name: 'upload.jks', buffer: KEYSTORE },
  );
  await page.getByRole('menuitem', { name: 'Frameworks' }).click();
  await expect(page).toHaveURL(/\/app\/frameworks/);
  await expect(
    page.getByText('Elija el proyecto y el entorno cuyas apps quiere generar.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Proyecto y entorno' }).click();
  const params = page.getByRole('dialog', { name: 'Proyecto y entorno' });
  await expect(params.getByRole('combobox', { name: 'Entorno' })).toBeVisible();
  await expectAccessible(page, 'frameworks params', '[role="dialog"]');
  await params.getByRole('combobox', { name: 'Proyecto' }).click();
  const projects = await call(page, 'projects', {});
  const projectName = projects.data.find((p: { numero: number }) => p.numero === database).name;
  await page.getByRole('option', { name: projectName, exact: true }).click();
  await params.getByRole('button', { name: 'Ver' }).click();
  await expect(page).toHaveURL(new RegExp(`pid=${database}&env=\\d+`));
  await expect(
    page.getByText(/Sus derechos en este entorno: generar, descargar, publicar/),
  ).toBeVisible();

  // Generate: the version, the keystore, the app's name; the progress until done.
  await page.getByRole('button', { name: 'Generar' }).click();
  const generate = page.getByRole('dialog', { name: 'Generar la app' });
  await generate.getByRole('combobox', { name: 'Versión de framework' }).click();
  await page.getByRole('option', { name: new RegExp(title) }).click();
  await generate.getByRole('combobox', { name: 'Certificado' }).click();
  await page.getByRole('option', { name: `Release ${title}` }).click();
  await generate
    .getByRole('textbox', { name: 'Nombre de la app', exact: false })
    .first()
    .fill('Ruta e2e');
  await expectAccessible(page, 'frameworks generate', '[role="dialog"]');
  await shootAt(page, 'frameworks-generate-es');
  await generate.getByRole('button', { name: 'Generar' }).click();
  await expect(generate.getByText('La app está generada.')).toBeVisible();
  await expect(generate.getByTestId('generation-progress')).toContainText('Generado: 100 %');
  await generate.getByRole('button', { name: 'Cerrar' }).first().click();

  // The row: download (a signed build), QR, publish.
  const row = page.getByRole('row', { name: /Ruta e2e/ }).first();
  await expect(row).toContainText('Generado');
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Descargar: Ruta e2e' }).click();
  const saved = await download;
  const files = unzipSync(new Uint8Array(fs.readFileSync((await saved.path())!)));
  expect(Object.keys(files)).toEqual(
    expectNow.arrayContaining(['META-INF/MANIFEST.MF', 'META-INF/CERT.SF', 'META-INF/CERT.RSA']),
  );
  await row.getByRole('button', { name: 'QR del enlace de descarga: Ruta e2e' }).click();
  const qr = page.getByRole('dialog', { name: 'QR de «Ruta e2e»' });
  await expect(qr.getByRole('img', { name: /Código QR/ })).toBeVisible();
  await expect(qr).toContainText(/\/app\/frameworks\?pid=\d+&env=\d+&download=\d+/);
  // (Not shot at 390 px: the phone's list is of cards, whose actions are others, so it closes.)
  await qr.getByRole('button', { name: 'Cerrar' }).last().click();
  await row.getByRole('button', { name: 'Publicar: Ruta e2e' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
  const published = page.getByText(/Publicada como la actualización \S+/);
  await expect(published).toBeVisible();
  const versionCompleta = (await published.innerText()).split(' ').pop()!;
  await expectAccessible(page, 'frameworks page');
  await shootAt(page, 'frameworks-es');

  // The devices of the project's Android platform are offered the update.
  await expect(async () => {
    let offered = 0;
    for (const panel of [2, 3]) {
      const list = await call(page, 'updatesList', {
        database,
        panel,
        groupBy: 'mid',
        datatable: { start: 0, length: 200 },
      });
      offered += list.ListDeviceUpd.filter(
        (entry: { versionCompleta: string }) => entry.versionCompleta === versionCompleta,
      ).length;
    }
    expect(offered).toBeGreaterThan(0);
  }).toPass({ timeout: 60_000 });

  await chooseLanguage(page, 'en');
  await expect(page.getByRole('heading', { name: 'Frameworks' }).first()).toBeVisible();
  await expect(page.getByText(/Your rights in this environment/)).toBeVisible();
  await shootAt(page, 'frameworks-en');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByRole('dialog', { name: 'Generate the app' })).toBeVisible();
  await shootAt(page, 'frameworks-generate-en');
  await page.keyboard.press('Escape');
  await chooseLanguage(page, 'es');

  // An ordinary user who does not reach the project is refused every operation.
  const generation = (await call(page, 'generatedFrameworks', { projectid: database }))[0];
  await leaveOnHome(page);
  const user = await browser.newPage();
  await signIn(user, E2E.main.url, users.usuario);
  for (const [operation, parameter] of [
    ['generateFrameworks', { projectid: database, IdEnv: generation.environment, Props: {} }],
    ['downloadFramework', { id: generation.id }],
    ['publishGeneration', { id: generation.id }],
    ['deleteGeneration', { id: generation.id }],
  ] as const) {
    const refused = await answer(user, operation, parameter);
    expect(refused.error.code, operation).not.toBe('0');
  }
  await user.close();
});

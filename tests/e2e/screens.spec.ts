import { expect, test, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { chooseLanguage, demoUsers, signIn } from './support';

const shots = process.env.SCREENSHOTS_DIR;
const screens = [
  { path: '/app/home', es: 'Notificaciones', en: 'Notifications' },
  { path: '/app/profile', es: 'Datos de la cuenta', en: 'Account' },
  { path: '/app/pricing', es: 'Profesional', en: 'Professional' },
  // Declared resources (src/resources/factory): action codes by their labels, never raw.
  { path: '/app/actions', es: 'Inicio de sesión', en: 'Sign-in' },
  { path: '/app/xonecias', es: 'Demo', en: 'Demo' },
  {
    path: '/app/notifications',
    es: /^Mensaje$|Todavía no hay nada/,
    en: /^Message$|Nothing in/,
  },
  { path: '/app/mamdash', es: 'En línea', en: 'Online' },
  { path: '/app/devicelist', es: 'Generando base de datos', en: 'Generating database' },
  {
    path: '/app/database',
    es: /Dispositivos por plataforma|todavía no tiene dispositivos/,
    en: /Devices per platform|no devices yet/,
    settle: 1000,
  },
  // The global search, a declared list: its rows' sync state by its label, or the empty list.
  {
    path: '/app/server/search',
    es: /Sincronizado hoy|Sin sincronizar hoy|Todavía no hay nada en Búsqueda de dispositivos/,
    en: /Synced today|Not synced today|Nothing in Device search yet/,
  },
  { path: '/app/users', es: 'usuario@demo.flota.local', en: 'usuario@demo.flota.local' },
  // The resource editor: Monaco loads on its own after the screen.
  { path: '/app/resources', es: 'Vista previa de la lista', en: 'List preview', settle: 1500 },
];

/** The device edit dialog and its inventory tab, when the project has devices to open. */
async function deviceDialog(page: Page, language: 'es' | 'en', width: number) {
  await page.goto('/app/devicelist');
  const row = page.locator('tbody tr[data-estado]').first();
  await expect(
    row.or(page.getByText(/Todavía no hay|Sin resultados| yet\.|No .* found/).first()),
  ).toBeVisible();
  if (!(await row.isVisible())) return;
  await row.dblclick();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab').first()).toBeVisible();
  await page.waitForTimeout(400); // the dialog fades in
  if (shots) await page.screenshot({ path: `${shots}/device-edit-${language}-${width}.png` });
  await dialog.getByRole('tab', { name: language === 'es' ? 'Inventario' : 'Inventory' }).click();
  if (shots) await page.screenshot({ path: `${shots}/device-inventory-${language}-${width}.png` });
  await dialog
    .getByRole('button', { name: language === 'es' ? 'Cerrar' : 'Close' })
    .first()
    .click();
  await expect(dialog).toBeHidden();
}

for (const width of [1280, 375]) {
  test(`every screen renders in Spanish and English at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 740 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/signin-es-${width}.png`, fullPage: true });
    await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).superadmin);
    for (const language of ['es', 'en'] as const) {
      // The language is remembered per user on the server, so choose it every time.
      await chooseLanguage(page, language);
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByText(screen[language]).first()).toBeVisible();
        // Charts animate in: the screenshot waits for them to settle.
        if ('settle' in screen && screen.settle) await page.waitForTimeout(screen.settle);
        const name = screen.path.split('/').pop();
        if (shots)
          await page.screenshot({
            path: `${shots}/${name}-${language}-${width}.png`,
            fullPage: true,
          });
      }
      await deviceDialog(page, language, width);
    }
  });
}

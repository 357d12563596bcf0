import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { demoUsers, signIn } from './support';

const shots = process.env.SCREENSHOTS_DIR;
const screens = [
  { path: '/app/home', es: 'Notificaciones', en: 'Notifications' },
  { path: '/app/profile', es: 'Datos de la cuenta', en: 'Account' },
  { path: '/app/pricing', es: 'Profesional', en: 'Professional' },
  { path: '/app/actions', es: 'signin', en: 'signin' },
  { path: '/app/xonecias', es: 'Demo', en: 'Demo' },
];

for (const width of [1280, 375]) {
  test(`every screen renders in Spanish and English at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 740 });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/signin-es-${width}.png`, fullPage: true });
    await signIn(page, E2E.main.url, demoUsers(E2E.main.dataDir).superadmin);
    for (const language of ['es', 'en'] as const) {
      // The language is remembered per user on the server, so choose it every time.
      await page.getByRole('button', { name: /^(Idioma|Language)$/ }).click();
      await page.getByRole('menuitem', { name: language === 'es' ? 'Español' : 'English' }).click();
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(page.getByText(screen[language]).first()).toBeVisible();
        const name = screen.path.split('/').pop();
        if (shots)
          await page.screenshot({
            path: `${shots}/${name}-${language}-${width}.png`,
            fullPage: true,
          });
      }
    }
  });
}

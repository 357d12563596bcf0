import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { demoUsers, signIn } from './support';

const shots = process.env.SCREENSHOTS_DIR;

test('a newcomer signs in through the real sign-in page, switches to English, reloads and signs out', async ({
  page,
}) => {
  const admin = demoUsers(E2E.main.dataDir).admin;

  await page.goto('/');
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();

  await page.locator('input[name="login"]').fill(admin.login);
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Usuario o contraseña incorrectos. Tras varios intentos fallidos la cuenta se bloquea unos minutos.',
  );

  await page.locator('input[name="login"]').fill(admin.login);
  await page.locator('input[name="password"]').fill(admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();

  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText('Bienvenido, admin')).toBeVisible();
  await expect(page.getByText('Bienvenido a Flota')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Registro de acciones' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Compañías' })).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/home-es-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'Idioma' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('Welcome, admin')).toBeVisible();
  // The server's own texts follow: the welcome notification is read again, in English.
  await expect(page.getByText('Welcome to Flota')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Actions log' })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/app\/home$/);
  await expect(page.getByText('Welcome, admin')).toBeVisible();

  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/app\/profile$/);
  await expect(page.getByText('admin@demo.flota.local')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/profile-en-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // A language chosen on the sign-in page carries into the console.
  await page.getByRole('link', { name: 'Español' }).click();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.locator('input[name="login"]').fill(admin.login);
  await page.locator('input[name="password"]').fill(admin.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app\//);
  await expect(page.getByRole('menuitem', { name: 'Registro de acciones' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test('after sign-in a user returns to the last screen saved on the server', async ({ page }) => {
  const user = demoUsers(E2E.main.dataDir).usuario;
  await signIn(page, E2E.main.url, user);
  await expect(page.getByText('Bienvenido, usuario')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Registro de acciones' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/app\/profile$/);
  await expect(page.getByText('usuario@demo.flota.local')).toBeVisible();
  // The console saves the screen a moment after navigation; sign out and in again.
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: 'Menú de usuario' }).click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.locator('input[name="login"]').fill(user.login);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/app\/profile$/);
});

test('the top administrator sees the companies screen, paged on the server', async ({ page }) => {
  const top = demoUsers(E2E.main.dataDir).superadmin;
  await signIn(page, E2E.main.url, top);
  await page.getByRole('menuitem', { name: 'Compañías', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/xonecias/);
  await expect(page.getByRole('cell', { name: 'Demo', exact: true }).first()).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/companies-es-1280.png`, fullPage: true });
  await page.getByRole('menuitem', { name: 'Registro de acciones' }).click();
  await expect(page.getByRole('cell', { name: 'Inicio de sesión' }).first()).toBeVisible();
});

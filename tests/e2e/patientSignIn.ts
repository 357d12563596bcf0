import { expect, type Page } from '@playwright/test';
import type { DemoUser } from './support';

/**
 * Signs in as support.ts's signIn does, waiting up to a minute for the console after the
 * sign-in page (the callback takes more than signIn's 10 s on a machine shared by many runs).
 */
export async function patientSignIn(page: Page, baseURL: string, user: DemoUser): Promise<void> {
  await page.goto(`${baseURL}/`);
  await expect(page).toHaveURL(/\/oidc\/interaction\//, { timeout: 60_000 });
  await page.locator('input[name="login"]').fill(user.login);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/app\//, { timeout: 60_000 });
}

/** support.ts's chooseLanguage with the patience of a loaded machine (10 s a step, 2 min). */
export async function patientLanguage(page: Page, language: 'es' | 'en'): Promise<void> {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^(Idioma|Language):/ }).click({ timeout: 10_000 });
    await page
      .getByRole('menuitem', { name: language === 'es' ? 'Español' : 'English' })
      .click({ timeout: 10_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 10_000 });
    await expect(
      page.getByRole('button', { name: language === 'es' ? 'Idioma' : 'Language' }),
    ).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 120_000 });
}

import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E } from '../../playwright.config';

/** The demo project's number, from the enrolment file the server writes at first start. */
export const demoProject = (dataDir = E2E.main.dataDir): number =>
  JSON.parse(fs.readFileSync(path.join(dataDir, 'demo-enrolment.json'), 'utf8')).project;

export interface DemoUser {
  role: string;
  login: string;
  password: string;
}

/** The demo users the server wrote on first start (role, login, password per line). */
export function demoUsers(dataDir: string): Record<string, DemoUser> {
  const text = fs.readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8');
  const users = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [role, login, password] = line.split('\t');
      return { role, login, password };
    });
  return Object.fromEntries(users.map((user) => [user.login, user]));
}

/** Signs in through the embedded provider's real sign-in page, starting from the console. */
export async function signIn(page: Page, baseURL: string, user: DemoUser): Promise<void> {
  await page.goto(`${baseURL}/`);
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.locator('input[name="login"]').fill(user.login);
  await page.locator('input[name="password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(/\/app\//);
}

/** The access token the console holds (oidc-client-ts keeps the user in localStorage). */
export async function storedAccessToken(
  page: Page,
): Promise<{ token: string; expiresAt: number } | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (!key.startsWith('oidc.user:')) continue;
      const user = JSON.parse(localStorage.getItem(key) ?? '{}');
      return { token: user.access_token as string, expiresAt: user.expires_at as number };
    }
    return null;
  });
}

/**
 * Ends a test on the home screen, saved as the user's last screen, so that the next test that
 * signs in as the same user on the same server lands where a newcomer would.
 */
export async function leaveOnHome(page: Page): Promise<void> {
  // Until the server has answered the save of home: a request only sent may be cut off when the
  // test closes the page, and the next test of this user would open on the old screen.
  const saved = page.waitForResponse((response) => {
    const body = response.request().postData() ?? '';
    return body.includes('saveState') && body.includes('/app/home') && response.ok();
  });
  // Already home: a load of it again is what sends the save.
  if (page.url().endsWith('/app/home')) await page.goto('/app/home');
  else await openInApp(page, '/app/home');
  await saved;
}

/**
 * Opens a screen of the console shown in the page as its menu does, by the router, without
 * loading the page again (a plain `page.goto` when the console is not shown yet). A full load
 * costs the browser about 1.5 s of CPU and four times the wall time of a move within the console
 * (measured over the 32 screens of the sweep: 64 s of CPU against 14), which the sweeps over
 * every screen paid a hundred times a run.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const here = page.url();
  if (!here.startsWith('http') || !new URL(here).pathname.startsWith('/app/')) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, path);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

/**
 * Chooses the console language from the top bar. Right after sign-in the console may still be
 * adopting the language saved on the user's profile (which re-renders the bar), so the choice
 * is retried until the page is in that language.
 */
export async function chooseLanguage(page: Page, language: 'es' | 'en'): Promise<void> {
  // The top bar hides while the page is scrolled down (react-admin): back to the top to reach it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^(Idioma|Language):/ }).click({ timeout: 2000 });
    await page
      .getByRole('menuitem', { name: language === 'es' ? 'Español' : 'English' })
      .click({ timeout: 2000 });
    await expect(page.locator('html')).toHaveAttribute('lang', language, { timeout: 2000 });
    await expect(
      page.getByRole('button', { name: language === 'es' ? 'Idioma' : 'Language' }),
    ).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

/** A services call with the console's own token: its result, once its envelope says no error. */
export async function servicesCall(page: Page, operation: string, parameter: unknown) {
  const stored = await storedAccessToken(page);
  const response = await page.request.post(`${E2E.main.url}/api/services`, {
    headers: { authorization: `Bearer ${stored!.token}` },
    data: { operation, parameter },
  });
  const answer = (await response.json()) as { error: { description: string }; result: any };
  expect(answer.error.description).toBe('');
  return answer.result;
}

import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

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

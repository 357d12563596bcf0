// Suite: extended (CI runs it after `npm test`: `npm run test:extended`; docs/decisions.md).
import { expect, test } from '@playwright/test';
import { E2E } from '../../playwright.config';
import { demoUsers, signIn, storedAccessToken } from './support';

// This server issues 40 s access tokens, so renewal (30 s before expiry) begins after ~10 s.
test('the console renews its access token silently before it expires', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, E2E.renew.url, demoUsers(E2E.renew.dataDir).admin);
  await expect(page.getByText('Bienvenido, admin')).toBeVisible();
  const first = await storedAccessToken(page);
  expect(first).not.toBeNull();
  expect(first!.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(40);

  await expect
    .poll(async () => (await storedAccessToken(page))?.token, {
      timeout: 45_000,
      intervals: [1000],
    })
    .not.toBe(first!.token);
  const renewed = await storedAccessToken(page);
  expect(renewed!.expiresAt).toBeGreaterThan(first!.expiresAt);

  // No sign-in page was shown, and the renewed token works against the API.
  await expect(page).toHaveURL(/\/app\/home$/);
  const answer = await page.evaluate(async (token) => {
    const response = await fetch('/api/services', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ operation: 'session', parameter: {} }),
    });
    return response.json();
  }, renewed!.token);
  expect(answer.error.code).toBe('0');
  expect(answer.result.profile.nickname).toBe('admin');
});

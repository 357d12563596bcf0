import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * With SCREENSHOTS_DIR set, the page at 1280 and 390 px wide (a desktop and a phone), whole, as
 * `<name>-<width>.png`, to look at; the window goes back to 1280 px after.
 */
export async function shootAt(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

import path from 'node:path';
import { expect, type Page } from '@playwright/test';

const shots = process.env.SCREENSHOTS_DIR;

/**
 * With SCREENSHOTS_DIR set, the page as it is now at 1280 and 375 px wide, whole, as
 * `<name>-<width>.png`, to look at; and, unless `sideways` is allowed, a failure when the page
 * is wider than the window (it would scroll sideways).
 */
export async function shoot(
  page: Page,
  name: string,
  { sideways = false }: { sideways?: boolean } = {},
): Promise<void> {
  if (!shots) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 812 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
    if (!sideways) {
      const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrolled, 'the page scrolls sideways').toBeLessThanOrEqual(width + 1);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

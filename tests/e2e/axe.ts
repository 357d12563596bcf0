import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The serious and critical accessibility violations axe-core finds on what the page shows now
 * (WCAG 2.1 A and AA rules), as readable lines: rule, impact, the first elements it names.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  // Colours mid-transition (a button just enabled, a dialog fading in) are not the page's.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` [${n.any[0].message}]` : ''}`)
          .join(' | ')}`,
    );
}

/**
 * Fails with every serious or critical violation of the page (or of `include`), named. Each
 * screen or dialog state is checked once, in Spanish: its English state shares every element,
 * role and colour and differs by its texts alone (which the i18n tests check are all there), and
 * axe over it found nothing more, at some 2.3 s of browser CPU a run (measured over two specs).
 */
export async function expectAccessible(page: Page, where: string, include?: string) {
  const found = await seriousViolations(page, include);
  expect(found, `${where}:\n${found.join('\n')}`).toEqual([]);
}

import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * Fails on serious or critical axe violations of the current screen: the whole page, shell and open dialogs included.
 *
 * axe runs in the top frame only: @axe-core/playwright first injects itself into every frame, and a sandboxed email
 * body (no scripts) makes that wait 30 s; the email's HTML is the sender's, not the console's.
 */
export async function expectAccessible(page: Page) {
  // Right after a navigation the console may still be booting (no <main> yet): check the screen, not the gap.
  await expect(page.locator('main').first()).toBeVisible();
  // A dialog that is still fading in has half-transparent text: let finite animations end (spinners never do).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // page.evaluate is not subject to the console's CSP, so axe can be added to the page this way.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run(document, { iframes: false, resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`)).toEqual([]);
}

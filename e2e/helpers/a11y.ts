import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * Serious or critical axe violations of the screen's own content (`main`, plus any open dialog, which Radix renders
 * outside main). The shell around it (sidebar, top bar) is checked by the shell's own specs.
 *
 * axe runs in the top frame only: @axe-core/playwright first injects itself into every frame, and a sandboxed email
 * body (no scripts) makes that wait 30 s; the email's HTML is the sender's, not the console's.
 */
export async function expectScreenAccessible(page: Page) {
  // Right after a navigation the console may still be booting (no <main> yet): check the screen, not the gap.
  await expect(page.locator('main').first()).toBeVisible();
  const include = ['main'];
  if (await page.locator('[role="dialog"], [role="alertdialog"]').count()) include.push('[role="dialog"], [role="alertdialog"]');
  // page.evaluate is not subject to the console's CSP, so axe can be added to the page this way.
  await page.evaluate(axe.source);
  const violations = await page.evaluate(async (selectors) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const results = await run({ include: selectors.map((s) => [s]) } as never, { iframes: false, resultTypes: ['violations'] });
    return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, include);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.targets.join(', ')})`)).toEqual([]);
}

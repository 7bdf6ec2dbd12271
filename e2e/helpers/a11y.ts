import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Serious or critical axe violations of the screen's own content (`main`, plus any open dialog, which Radix renders
 * outside main). The shell around it (sidebar, top bar) is checked by the shell's own specs.
 */
export async function expectScreenAccessible(page: Page) {
  let builder = new AxeBuilder({ page }).include('main');
  if (await page.locator('[role="dialog"], [role="alertdialog"]').count()) builder = builder.include('[role="dialog"], [role="alertdialog"]');
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

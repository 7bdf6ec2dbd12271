/**
 * Issue 29 item 6: sizes. The Users search box shows its whole placeholder, the Create user dialog keeps Cancel and
 * Create in view when the window is 900 px high (or less; its body scrolls), and the runs page keeps "Columns" and
 * "Archive all matching…" on the line of its filters, and "About this agent" beside the agent picker, at 1440 and
 * 1280 px with no control past its container's edge.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoControlPastEdge } from './helpers/layout-checks';

/** Whether the input's placeholder fits inside it (measured in the input's own font). */
const placeholderFits = (input: Locator) =>
  input.evaluate((el: HTMLInputElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(el.placeholder).width <= room;
  });

/** How far apart, vertically, the middles of two controls are: under 8 px, they sit on one line. */
async function middlesApart(a: Locator, b: Locator): Promise<number> {
  const [boxA, boxB] = [(await a.boundingBox())!, (await b.boundingBox())!];
  return Math.abs(boxA.y + boxA.height / 2 - (boxB.y + boxB.height / 2));
}

for (const [width, height] of [
  [1440, 900],
  [1280, 720],
] as const) {
  test(`at ${width}×${height}: users search and the Create user dialog fit`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/settings/users');
    const search = page.getByRole('searchbox', { name: 'Search users by name or email' });
    await expect(search).toHaveAttribute('placeholder', 'Search by name or email');
    expect(await placeholderFits(search)).toBe(true);

    await page.getByRole('button', { name: 'Create user' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await expect(dialog).toBeVisible();
    // Submitting the empty form shows its errors: the form grows, the buttons stay in view.
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(dialog.getByText(/email/i).first()).toBeVisible();
    for (const name of ['Cancel', 'Create user']) {
      await expect(dialog.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
    const box = (await dialog.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(height);
  });

  test(`at ${width} px the runs page keeps Columns beside its filters`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/runs?refresh=0');
    const filters = page.getByRole('form', { name: 'Filter runs' });
    const columns = page.getByRole('button', { name: 'Columns' });
    await expect(columns).toBeEnabled();
    const status = filters.getByRole('combobox').first();
    const archiveMatching = page.getByRole('button', { name: 'Archive all matching…' });
    expect(await middlesApart(columns, status)).toBeLessThan(8);
    expect(await middlesApart(archiveMatching, columns)).toBeLessThan(8);
    // The agent picker keeps its link to the agent beside it.
    const agent = page.getByRole('combobox', { name: 'Agent' });
    expect(await middlesApart(page.getByRole('link', { name: 'About this agent' }), agent)).toBeLessThan(8);
    await expectNoControlPastEdge(page.locator('.data-table__toolbar'));
  });
}

import { expect, type Locator } from '@playwright/test';

/**
 * Controls (buttons, inputs, selects, links) inside `container` that stick out past its left or right edge, or sit
 * partly outside the nearest ancestor that clips them (a scrolling frame): what an operator cannot see whole or reach.
 * Returned as short descriptions ("button “Remove line_items row 1”: 12 px past the frame"); empty when all fit.
 */
export async function controlsPastEdge(container: Locator): Promise<string[]> {
  return container.evaluate((root) => {
    const found: string[] = [];
    const rootRect = root.getBoundingClientRect();
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} “${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}”`;
    const clipOf = (el: Element): Element => {
      for (let parent = el.parentElement; parent && parent !== root; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return parent;
      }
      return root;
    };
    for (const el of root.querySelectorAll('button, input, select, a[href], [role="button"]')) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const clip = clipOf(el);
      const scrollsSideways = clip !== root && clip.scrollWidth > clip.clientWidth + 1;
      // A cell of a grid that scrolls sideways is reached by scrolling; its row actions must be in view.
      if (scrollsSideways && el.tagName !== 'BUTTON') continue;
      const frame = clip.getBoundingClientRect();
      for (const [what, box] of [
        ['its container', rootRect],
        ['the frame it scrolls in', frame],
      ] as const) {
        const past = Math.max(box.left - rect.left, rect.right - box.right);
        if (past > 1) found.push(`${name(el)}: ${Math.round(past)} px past ${what}`);
      }
    }
    return [...new Set(found)];
  });
}

export async function expectNoControlPastEdge(container: Locator) {
  await expect.poll(() => controlsPastEdge(container)).toEqual([]);
}

/** The input shows its whole text: nothing scrolled out of it. */
export async function expectWholeText(input: Locator) {
  await expect
    .poll(() => input.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth + 1), {
      message: `${await input.getAttribute('aria-label')} shows its whole text`,
    })
    .toBe(true);
}

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

/**
 * What longer words (a translation, the pseudo-locale) break, inside `container`: a control or label cut by a frame
 * that does not scroll (overflow hidden or clip) — one in a frame that scrolls is reached by scrolling —, and two
 * controls or labels drawn over each other. Returned as short descriptions; empty when all is whole and apart.
 */
export async function controlsCutOrOverlapping(container: Locator): Promise<string[]> {
  return container.evaluate((root) => {
    const found: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} “${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}”`;
    // The sticky or fixed box an element is drawn in (a table's action column, a save bar), if any: such a box is
    // drawn over what scrolls beneath it, by design, so only elements of the same box are compared.
    const layer = (el: Element) => {
      for (let up: Element | null = el; up && up !== root; up = up.parentElement) {
        if (['sticky', 'fixed'].includes(getComputedStyle(up).position)) return up;
      }
      return null;
    };
    // The part of an element its scrolling and clipping frames let through (null when none): a row scrolled under a
    // panel's footer is not drawn there.
    const seen = (el: Element) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = up.getBoundingClientRect();
        [left, top, right, bottom] = [
          Math.max(left, box.left),
          Math.max(top, box.top),
          Math.min(right, box.right),
          Math.min(bottom, box.bottom),
        ];
      }
      return right - left > 2 && bottom - top > 2 ? { left, top, right, bottom } : null;
    };
    // The whole text on hover: a title on the element, around it, or on the text inside it.
    const titled = (el: Element) => !!el.closest('[title]') || !!el.querySelector('[title]');
    const shown = [
      ...root.querySelectorAll('button, a[href], input, select, textarea, label, [role="tab"], [role="button"]'),
    ].filter((el) => {
      const rect = el.getBoundingClientRect();
      return (
        rect.width > 2 && rect.height > 2 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      );
    });
    for (const el of shown) {
      const rect = el.getBoundingClientRect();
      for (let frame = el.parentElement; frame && frame !== document.body; frame = frame.parentElement) {
        const style = getComputedStyle(frame);
        if ([style.overflowX, style.overflowY].some((o) => o === 'auto' || o === 'scroll')) break;
        if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
        const box = frame.getBoundingClientRect();
        const past = Math.max(box.left - rect.left, rect.right - box.right);
        if (past > 1 && !titled(el))
          found.push(
            `${name(el)}: ${Math.round(past)} px cut by ${frame.tagName.toLowerCase()}.${frame.classList[0] ?? ''}`,
          );
        break;
      }
    }
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        const [a, b] = [shown[i], shown[j]];
        if (a.contains(b) || b.contains(a) || layer(a) !== layer(b)) continue;
        const [ra, rb] = [seen(a), seen(b)];
        if (!ra || !rb) continue;
        const overlapX = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const overlapY = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (overlapX > 2 && overlapY > 2) found.push(`${name(a)} and ${name(b)} overlap`);
      }
    }
    return [...new Set(found)];
  });
}

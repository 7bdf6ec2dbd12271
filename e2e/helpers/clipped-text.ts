import { expect, type Locator } from '@playwright/test';

/**
 * Text inside `container` that is cut without a way to read it whole: an element that hides its overflow (overflow
 * hidden/clip, or an ellipsis) while its text is wider than its box, and a text input whose value (or, empty, its
 * placeholder) is wider than the input — unless the element or an ancestor carries a `title` (the whole text on hover). Visually hidden text
 * (1 px boxes for screen readers) and scrolling frames are not clipping. Returned as short descriptions.
 */
export async function clippedText(container: Locator): Promise<string[]> {
  return container.evaluate((root) => {
    const found: string[] = [];
    const hasTitle = (el: Element | null): boolean => {
      for (let node = el; node && node !== root.parentElement; node = node.parentElement) {
        if (node.getAttribute('title')) return true;
      }
      return false;
    };
    const describe = (el: Element, text: string) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : ''} “${text.slice(0, 40)}”: ${el.scrollWidth - el.clientWidth} px cut`;
    for (const el of root.querySelectorAll<HTMLElement>('*')) {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 2 || rect.height <= 2 || !el.checkVisibility({ visibilityProperty: true })) continue;
      const style = getComputedStyle(el);
      if (style.display === 'contents') continue;
      if (el instanceof HTMLInputElement) {
        if (!['text', 'search', 'email', 'url'].includes(el.type)) continue;
        if (el.value) {
          if (el.scrollWidth > el.clientWidth + 1 && !hasTitle(el)) found.push(describe(el, el.value));
        } else if (el.placeholder) {
          // An empty input's hint: measured in the input's own font against the room inside its padding.
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const over = context.measureText(el.placeholder).width - room;
          if (over > 1) found.push(`input placeholder “${el.placeholder}”: ${Math.round(over)} px cut`);
        }
        continue;
      }
      const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (!clips || el.scrollWidth <= el.clientWidth + 1) continue;
      // Only text cut here counts (its own text, or inline children's); a box that clips a child's box (a rounded
      // frame, a canvas, a block) is layout.
      const inline = [...el.children].every((child) => getComputedStyle(child).display.startsWith('inline'));
      const text = (
        inline
          ? (el.textContent ?? '')
          : [...el.childNodes]
              .filter((node) => node.nodeType === Node.TEXT_NODE)
              .map((node) => node.textContent ?? '')
              .join('')
      ).trim();
      // The title may sit on the inline element that holds the text (a cell's link or span).
      const titled = [...el.querySelectorAll('[title]')].some((child) => child.textContent?.trim() === text);
      if (!text || hasTitle(el) || titled) continue;
      found.push(describe(el, text));
    }
    return found;
  });
}

export async function expectNoClippedText(container: Locator) {
  await expect.poll(() => clippedText(container)).toEqual([]);
}

/**
 * Controls inside `container` whose middle, though within the window, is covered by something else (a sticky column
 * over a cell's button, a bar over a field): what the operator sees but cannot click.
 */
export async function coveredControls(container: Locator): Promise<string[]> {
  return container.evaluate((root) => {
    const found: string[] = [];
    for (const el of root.querySelectorAll('button, input, select, a[href], [role="button"]')) {
      const rect = el.getBoundingClientRect();
      // checkVisibility: not inside a closed <details> or another content-visibility: hidden subtree.
      if (rect.width === 0 || rect.height === 0 || !el.checkVisibility({ visibilityProperty: true })) continue;
      const [x, y] = [rect.left + rect.width / 2, rect.top + rect.height / 2];
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      const hit = document.elementFromPoint(x, y);
      if (!hit || el.contains(hit) || hit.contains(el) || (el instanceof HTMLInputElement && hit === el.labels?.[0]))
        continue;
      // Under a sticky bar of its scrolling frame (a dialog's buttons): scrolling brings it out, by design.
      const stickyOver = (node: Element | null): boolean => {
        for (let up = node; up && up !== root.parentElement; up = up.parentElement) {
          if (getComputedStyle(up).position === 'sticky') return !up.contains(el);
        }
        return false;
      };
      if (stickyOver(hit)) continue;
      // A control scrolled out of a frame (clipped by it) is not covered, only out of view: scrolling brings it.
      let clipped = false;
      for (let frame = el.parentElement; frame && !clipped; frame = frame.parentElement) {
        const style = getComputedStyle(frame);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const box = frame.getBoundingClientRect();
        // Within a few pixels of the frame's edge counts as out of it (the frame's border, a bar's shadow).
        clipped = x < box.left + 3 || x > box.right - 3 || y < box.top + 3 || y > box.bottom - 3;
      }
      if (clipped) continue;
      found.push(
        `${el.tagName.toLowerCase()} “${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? ''}”`,
      );
    }
    return found;
  });
}

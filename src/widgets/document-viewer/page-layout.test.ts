import { describe, expect, it } from 'vitest';
import { STACK_PADDING, computeLayout, largestPage, pageLeft, revealScroll } from './page-layout';

// Two pages at scale 1: a portrait A4-ish page and a wide one.
const layout = computeLayout(
  [
    { width: 600, height: 800 },
    { width: 1000, height: 500 },
  ],
  1,
  0,
);
const view = { scrollTop: 0, scrollLeft: 0, clientWidth: 700, clientHeight: 600 };

describe('the page stack', () => {
  it('fits zoom to the widest and the tallest page, turned as the pages are', () => {
    const sizes = [
      { width: 600, height: 800 },
      { width: 1000, height: 500 },
    ];
    expect(largestPage(sizes, 0)).toEqual({ width: 1000, height: 800 });
    expect(largestPage(sizes, 90)).toEqual({ width: 800, height: 1000 });
    expect(largestPage([], 0)).toEqual({ width: 1, height: 1 });
  });

  it('centres a page narrower than the content and keeps a wider one off the edge', () => {
    expect(pageLeft(layout, 0, 1200)).toBe(300);
    expect(pageLeft(layout, 1, 1000)).toBe(STACK_PADDING);
  });

  it('leaves the scroll alone when the box is in view', () => {
    expect(revealScroll(layout, 0, { top: 100, left: 100, height: 20, width: 100 }, view)).toEqual({
      scrollTop: 0,
      scrollLeft: 0,
    });
  });

  it('scrolls a box below the view to a third from the top, and a box right of it to a third from the left', () => {
    const box = { top: 300, left: 900, height: 20, width: 60 };
    const y = layout.tops[1] + box.top;
    const x = pageLeft(layout, 1, layout.totalWidth) + box.left;
    expect(revealScroll(layout, 1, box, view)).toEqual({ scrollTop: y - 200, scrollLeft: x - 700 / 3 });
  });

  it('scrolls back up to a box above the view, never above the top', () => {
    const scrolled = { ...view, scrollTop: 1000 };
    expect(revealScroll(layout, 0, { top: 10, left: 20, height: 20, width: 60 }, scrolled).scrollTop).toBe(0);
  });
});

/** Layout math of the page stack: pure, so it is unit-tested without a browser. */

export type PageSize = { width: number; height: number };
export type Rotation = 0 | 90 | 180 | 270;
export type ZoomMode = 'fit-width' | 'fit-page' | 'custom';

export const PAGE_GAP = 12;
export const STACK_PADDING = 16;
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 8;
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5, 6, 8];
/** Canvases alive at once at most, whatever the zoom (each A4 page at 2× is ≈ 12 MB of pixels). */
export const MAX_LIVE_PAGES = 8;
/** Largest canvas backing store; sharper than this costs memory without visible gain. */
export const MAX_CANVAS_PIXELS = 16_777_216;

export const rotate = (rotation: Rotation, by: 90 | -90): Rotation =>
  ((((rotation + by) % 360) + 360) % 360) as Rotation;

export function rotatedSize(size: PageSize, rotation: Rotation): PageSize {
  return rotation % 180 === 0 ? size : { width: size.height, height: size.width };
}

export type StackLayout = {
  /** Top of each page in the scroll content, CSS px. */
  tops: number[];
  widths: number[];
  heights: number[];
  totalHeight: number;
  totalWidth: number;
};

export function computeLayout(
  sizes: PageSize[],
  scale: number,
  rotation: Rotation,
  gap = PAGE_GAP,
  padding = STACK_PADDING,
): StackLayout {
  const tops: number[] = [];
  const widths: number[] = [];
  const heights: number[] = [];
  let y = padding;
  let maxWidth = 0;
  for (const size of sizes) {
    const { width, height } = rotatedSize(size, rotation);
    tops.push(y);
    widths.push(Math.floor(width * scale));
    heights.push(Math.floor(height * scale));
    y += Math.floor(height * scale) + gap;
    maxWidth = Math.max(maxWidth, Math.floor(width * scale));
  }
  return {
    tops,
    widths,
    heights,
    totalHeight: sizes.length ? y - gap + padding : 0,
    totalWidth: maxWidth + 2 * padding,
  };
}

/** Index of the first page whose bottom is below `y` (binary search over the sorted tops). */
function firstPageEndingAfter(layout: StackLayout, y: number): number {
  let lo = 0;
  let hi = layout.tops.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (layout.tops[mid] + layout.heights[mid] <= y) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Indices of the pages intersecting [scrollTop, scrollTop + viewportHeight]. */
export function visiblePages(layout: StackLayout, scrollTop: number, viewportHeight: number): number[] {
  const out: number[] = [];
  if (!layout.tops.length) return out;
  const bottom = scrollTop + viewportHeight;
  for (let i = firstPageEndingAfter(layout, scrollTop); i < layout.tops.length && layout.tops[i] < bottom; i++)
    out.push(i);
  return out;
}

/**
 * Pages that get a live canvas: the visible ones plus one on each side (rendered before they scroll in), at most
 * `maxLive`, the ones nearest the viewport's centre first.
 */
export function pagesToRender(
  layout: StackLayout,
  scrollTop: number,
  viewportHeight: number,
  maxLive = MAX_LIVE_PAGES,
): number[] {
  const visible = visiblePages(layout, scrollTop, viewportHeight);
  if (!visible.length) return [];
  const candidates = [visible[0] - 1, ...visible, visible[visible.length - 1] + 1].filter(
    (i) => i >= 0 && i < layout.tops.length,
  );
  const centre = scrollTop + viewportHeight / 2;
  const distance = (i: number) => Math.abs(layout.tops[i] + layout.heights[i] / 2 - centre);
  return candidates
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, maxLive)
    .sort((a, b) => a - b);
}

/**
 * The page showing the most of itself in the viewport (the first on a tie); once scrolled to the very bottom, the
 * last visible page (it may never be "most shown"). 0 for an empty stack.
 */
export function currentPage(layout: StackLayout, scrollTop: number, viewportHeight: number): number {
  const visible = visiblePages(layout, scrollTop, viewportHeight);
  if (!visible.length) return 0;
  if (scrollTop > 0 && scrollTop + viewportHeight >= layout.totalHeight - 1) return visible[visible.length - 1];
  let best = visible[0];
  let bestShown = -1;
  for (const i of visible) {
    const shown =
      Math.min(layout.tops[i] + layout.heights[i], scrollTop + viewportHeight) - Math.max(layout.tops[i], scrollTop);
    if (shown > bestShown + 0.5) {
      best = i;
      bestShown = shown;
    }
  }
  return best;
}

/** Zoom that fits the (rotated) page into the viewport's width, or wholly into it. */
export function fitScale(
  mode: Exclude<ZoomMode, 'custom'>,
  page: PageSize,
  viewport: PageSize,
  padding = STACK_PADDING,
): number {
  const byWidth = (viewport.width - 2 * padding) / page.width;
  const byHeight = (viewport.height - 2 * padding) / page.height;
  return clampZoom(mode === 'fit-width' ? byWidth : Math.min(byWidth, byHeight));
}

export const clampZoom = (scale: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Number.isFinite(scale) ? scale : 1));

export function nextZoom(scale: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > scale + 0.005) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((step) => step < scale - 0.005) ?? ZOOM_STEPS[0];
}

/** Device pixels per CSS pixel for a canvas of this CSS size: the screen's ratio, lowered for huge pages. */
export function outputScale(
  cssWidth: number,
  cssHeight: number,
  devicePixelRatio: number,
  maxPixels = MAX_CANVAS_PIXELS,
): number {
  const area = Math.max(1, cssWidth * cssHeight);
  return Math.max(0.25, Math.min(devicePixelRatio || 1, Math.sqrt(maxPixels / area)));
}

/** The widest and the tallest (rotated) page: what fit-width and fit-page fit into the viewport. */
export function largestPage(sizes: readonly PageSize[], rotation: Rotation): PageSize {
  return sizes.reduce(
    (m, s) => {
      const r = rotatedSize(s, rotation);
      return { width: Math.max(m.width, r.width), height: Math.max(m.height, r.height) };
    },
    { width: 1, height: 1 },
  );
}

/** Left edge of a page in the stack: centred in the content, never closer than the padding. */
export const pageLeft = (layout: StackLayout, index: number, contentWidth: number) =>
  Math.max(STACK_PADDING, (contentWidth - layout.widths[index]) / 2);

export type ScrollBox = { scrollTop: number; scrollLeft: number; clientWidth: number; clientHeight: number };

/**
 * Where to scroll so a box on a page (CSS px from the page's corner) is in view: a third from the top or left edge,
 * and only along an axis where it is not wholly shown already.
 */
export function revealScroll(
  layout: StackLayout,
  index: number,
  box: { top: number; left: number; height: number; width: number },
  view: ScrollBox,
): { scrollTop: number; scrollLeft: number } {
  let { scrollTop, scrollLeft } = view;
  const y = layout.tops[index] + box.top;
  if (y < scrollTop || y + box.height > scrollTop + view.clientHeight)
    scrollTop = Math.max(0, y - view.clientHeight / 3);
  const x = pageLeft(layout, index, Math.max(layout.totalWidth, view.clientWidth)) + box.left;
  if (x < scrollLeft || x + box.width > scrollLeft + view.clientWidth)
    scrollLeft = Math.max(0, x - view.clientWidth / 3);
  return { scrollTop, scrollLeft };
}

import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { STACK_PADDING, currentPage, visiblePages, type StackLayout } from './page-layout';

/**
 * The stack's scroll position: go to a page, keep the page at the top in place when the layout changes (zoom,
 * rotation, resize, late page sizes), follow the `page` asked for and report the page shown once the first position
 * is applied.
 */
export function useStackScroll({
  scrollerRef,
  layout,
  viewportHeight,
  page,
  onPageChange,
}: {
  scrollerRef: RefObject<HTMLDivElement | null>;
  layout: StackLayout;
  viewportHeight: number;
  page?: number;
  onPageChange?: (page: number) => void;
}) {
  const [scrollTop, setScrollTop] = useState(0);
  const [ready, setReady] = useState(false);
  const layoutRef = useRef(layout);
  const anchor = useRef<Anchor>({ index: 0, fraction: 0, centreX: 0.5 });
  const pendingIndex = useRef<number | null>(page ? page - 1 : null);
  const frame = useRef(0);
  const current = viewportHeight ? currentPage(layout, scrollTop, viewportHeight) : 0;

  const recordAnchor = useCallback(() => {
    const el = scrollerRef.current;
    if (el) anchor.current = anchorOf(el, layoutRef.current);
  }, [scrollerRef]);

  const scrollToIndex = useCallback(
    (index: number, offset = 0) => {
      const el = scrollerRef.current;
      const l = layoutRef.current;
      if (!el || !l.tops.length || !el.clientHeight) {
        pendingIndex.current = index;
        return;
      }
      const i = Math.min(l.tops.length - 1, Math.max(0, index));
      el.scrollTop = l.tops[i] - STACK_PADDING / 2 + offset;
      recordAnchor();
      setScrollTop(el.scrollTop);
    },
    [recordAnchor, scrollerRef],
  );

  useLayoutEffect(() => {
    const el = scrollerRef.current;
    const previous = layoutRef.current;
    layoutRef.current = layout;
    if (!el || !viewportHeight || !layout.tops.length) return;
    if (pendingIndex.current !== null) {
      const index = pendingIndex.current;
      pendingIndex.current = null;
      scrollToIndex(index);
    } else if (previous !== layout) {
      scrollToAnchor(el, layout, anchor.current);
      setScrollTop(el.scrollTop);
    }
    setReady(true);
  }, [layout, viewportHeight, scrollToIndex, scrollerRef]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const el = scrollerRef.current;
      if (!el) return;
      recordAnchor();
      setScrollTop(el.scrollTop);
    });
  };

  usePageFollow({ ready, current, page, onPageChange, scrollToIndex });

  return { scrollTop, current, layoutRef, scrollToIndex, onScroll };
}

/** Reports the page shown (1-based) once the initial position is applied, and goes to a `page` asked for. */
function usePageFollow({
  ready,
  current,
  page,
  onPageChange,
  scrollToIndex,
}: {
  ready: boolean;
  /** 0-based. */
  current: number;
  page?: number;
  onPageChange?: (page: number) => void;
  scrollToIndex: (index: number) => void;
}) {
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (!ready || reported.current === current + 1) return;
    reported.current = current + 1;
    onPageChange?.(current + 1);
  }, [ready, current, onPageChange]);
  useEffect(() => {
    if (page && page !== reported.current) scrollToIndex(page - 1);
  }, [page, scrollToIndex]);
}

/**
 * What stays put when the layout changes: the page at the top of the viewport and how far into it we are, plus the
 * horizontal centre.
 */
type Anchor = { index: number; fraction: number; centreX: number };

function anchorOf(el: HTMLElement, layout: StackLayout): Anchor {
  const index = visiblePages(layout, el.scrollTop, el.clientHeight)[0] ?? 0;
  return {
    index,
    fraction: layout.heights[index] ? (el.scrollTop - layout.tops[index]) / layout.heights[index] : 0,
    centreX: el.scrollWidth ? (el.scrollLeft + el.clientWidth / 2) / el.scrollWidth : 0.5,
  };
}

/** Scrolls so that the anchor's page and centre are where they were in the old layout. */
function scrollToAnchor(el: HTMLElement, layout: StackLayout, { index, fraction, centreX }: Anchor) {
  const i = Math.min(index, layout.tops.length - 1);
  el.scrollTop = Math.max(0, layout.tops[i] + fraction * layout.heights[i]);
  el.scrollLeft = Math.max(0, centreX * el.scrollWidth - el.clientWidth / 2);
}

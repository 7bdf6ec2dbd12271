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
  // What stays put when the layout changes: the page at the top of the viewport and how far into it we are, plus the
  // horizontal centre.
  const layoutRef = useRef(layout);
  const anchor = useRef({ index: 0, fraction: 0, centreX: 0.5 });
  const pendingIndex = useRef<number | null>(page ? page - 1 : null);
  const frame = useRef(0);
  const current = viewportHeight ? currentPage(layout, scrollTop, viewportHeight) : 0;

  const recordAnchor = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const l = layoutRef.current;
    const index = visiblePages(l, el.scrollTop, el.clientHeight)[0] ?? 0;
    anchor.current = {
      index,
      fraction: l.heights[index] ? (el.scrollTop - l.tops[index]) / l.heights[index] : 0,
      centreX: el.scrollWidth ? (el.scrollLeft + el.clientWidth / 2) / el.scrollWidth : 0.5,
    };
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
      const { index, fraction, centreX } = anchor.current;
      const i = Math.min(index, layout.tops.length - 1);
      el.scrollTop = Math.max(0, layout.tops[i] + fraction * layout.heights[i]);
      el.scrollLeft = Math.max(0, centreX * el.scrollWidth - el.clientWidth / 2);
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

  // The page shown, reported once the initial position is applied.
  const reported = useRef<number | null>(null);
  useEffect(() => {
    if (!ready || reported.current === current + 1) return;
    reported.current = current + 1;
    onPageChange?.(current + 1);
  }, [ready, current, onPageChange]);
  useEffect(() => {
    if (page && page !== reported.current) scrollToIndex(page - 1);
  }, [page, scrollToIndex]);

  return { scrollTop, current, layoutRef, scrollToIndex, onScroll };
}

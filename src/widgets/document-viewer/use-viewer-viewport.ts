import { useLayoutEffect, useState, type RefObject } from 'react';
import type { PagedDocument } from './paged-document';

/** Thumbnails start shown on documents of several pages when the viewer is at least this wide. */
const THUMBNAILS_FROM_WIDTH = 640;

/**
 * The scrollerRef's size, measured on every resize, and whether the thumbnail rail shows (null until first measured:
 * then on for a multi-page document in a wide enough viewer, and the operator's choice from there on).
 */
export function useViewerViewport(
  doc: PagedDocument,
  scrollerRef: RefObject<HTMLDivElement | null>,
  root: RefObject<HTMLDivElement | null>,
) {
  const [viewport, setViewport] = useState({ width: 0, height: 0 });
  const [thumbnails, setThumbnails] = useState<boolean | null>(null);
  useLayoutEffect(() => {
    const el = scrollerRef.current;
    const box = root.current;
    if (!el || !box) return;
    const measure = () => {
      setViewport((v) =>
        v.width === el.clientWidth && v.height === el.clientHeight
          ? v
          : { width: el.clientWidth, height: el.clientHeight },
      );
      setThumbnails((t) => (t === null && doc.pageCount > 1 ? box.clientWidth >= THUMBNAILS_FROM_WIDTH : t));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, [doc, scrollerRef, root]);
  return { viewport, thumbnails, setThumbnails };
}

import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { computeLayout, largestPage, rotate, type Rotation } from './page-layout';
import type { PagedDocument } from './paged-document';
import { useStackScroll } from './use-stack-scroll';
import { useViewerViewport } from './use-viewer-viewport';
import { useViewerZoom } from './use-viewer-zoom';

/**
 * Where a paged document's pages go: their sizes (refined as the document learns them), the rotation, the viewport
 * and the zoom, the stack's layout and its scroll position — the paged viewer's geometry, apart from its regions.
 */
export function usePagedLayout({
  doc,
  page,
  onPageChange,
}: {
  doc: PagedDocument;
  page?: number;
  onPageChange?: (page: number) => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const subscribe = useCallback((listener: () => void) => doc.subscribe(listener), [doc]);
  const sizes = useSyncExternalStore(subscribe, () => doc.pageSizes());
  const [rotation, setRotation] = useState<Rotation>(0);
  const { viewport, thumbnails, setThumbnails } = useViewerViewport(doc, scroller, root);
  const largest = useMemo(() => largestPage(sizes, rotation), [sizes, rotation]);
  const zoom = useViewerZoom(scroller, largest, viewport);
  const { scale } = zoom;
  const layout = useMemo(() => computeLayout(sizes, scale, rotation), [sizes, scale, rotation]);
  const scroll = useStackScroll({
    scrollerRef: scroller,
    layout,
    viewportHeight: viewport.height,
    page,
    onPageChange,
  });
  return {
    root,
    scroller,
    sizes,
    rotation,
    rotateBy: (by: 90 | -90) => setRotation((r) => rotate(r, by)),
    viewport,
    thumbnails,
    setThumbnails,
    zoom,
    layout,
    contentWidth: Math.max(layout.totalWidth, viewport.width),
    ...scroll,
  };
}

export type PagedLayout = ReturnType<typeof usePagedLayout>;

import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { computeLayout, pagesToRender, rotatedSize, type PageSize, type Rotation } from './page-layout';
import { isAbortError, type PagedDocument } from './paged-document';

const THUMB_WIDTH = 104;
const MAX_LIVE_THUMBS = 16;

type Props = {
  doc: PagedDocument;
  sizes: PageSize[];
  rotation: Rotation;
  current: number;
  /** Thumbnails wait until the first page is on screen: they must not delay it. */
  enabled: boolean;
  onSelect: (index: number) => void;
};

/** Page thumbnails: a virtualized list of buttons; only those near view hold a (small) canvas. */
export function ThumbnailRail({ doc, sizes, rotation, current, enabled, onSelect }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(0);
  const normalized = useMemo(
    () =>
      sizes.map((s) => {
        const r = rotatedSize(s, rotation);
        return { width: THUMB_WIDTH, height: Math.round((THUMB_WIDTH * r.height) / r.width) };
      }),
    [sizes, rotation],
  );
  const layout = useMemo(() => computeLayout(normalized, 1, 0, 28, 12), [normalized]);
  const live = new Set(enabled ? pagesToRender(layout, scrollTop, viewportHeight, MAX_LIVE_THUMBS) : []);
  const shown = pagesToRender(layout, scrollTop, viewportHeight, Number.POSITIVE_INFINITY);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setViewportHeight(el.clientHeight));
    observer.observe(el);
    setViewportHeight(el.clientHeight);
    return () => observer.disconnect();
  }, []);

  // Keep the current page's thumbnail in view as the document scrolls.
  useEffect(() => {
    const el = scroller.current;
    if (!el || current >= layout.tops.length) return;
    const top = layout.tops[current];
    const bottom = top + layout.heights[current] + 24;
    if (top < el.scrollTop) el.scrollTop = top - 12;
    else if (bottom > el.scrollTop + el.clientHeight) el.scrollTop = bottom - el.clientHeight + 12;
  }, [current, layout]);

  return (
    <nav className="dv-thumbs" aria-label={t`Page thumbnails`}>
      <div className="dv-thumbs-scroll" ref={scroller} onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}>
        <div style={{ height: layout.totalHeight, position: 'relative' }}>
          {shown.map((i) => (
            <Thumbnail
              key={i}
              doc={doc}
              index={i}
              top={layout.tops[i]}
              width={layout.widths[i]}
              height={layout.heights[i]}
              scale={THUMB_WIDTH / rotatedSize(sizes[i], rotation).width}
              rotation={rotation}
              live={live.has(i)}
              current={i === current}
              onSelect={onSelect}
            />
          ))}
        </div>
      </div>
    </nav>
  );
}

type ThumbProps = {
  doc: PagedDocument;
  index: number;
  top: number;
  width: number;
  height: number;
  scale: number;
  rotation: Rotation;
  live: boolean;
  current: boolean;
  onSelect: (index: number) => void;
};

const Thumbnail = memo(function Thumbnail({
  doc,
  index,
  top,
  width,
  height,
  scale,
  rotation,
  live,
  current,
  onSelect,
}: ThumbProps) {
  const pageNumber = index + 1;
  const host = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!live || !el) return;
    const controller = new AbortController();
    const canvas = document.createElement('canvas');
    doc
      .render(index, canvas, {
        scale,
        rotation,
        outputScale: Math.min(2, window.devicePixelRatio || 1),
        signal: controller.signal,
      })
      .then(
        () => {
          if (!controller.signal.aborted) el.replaceChildren(canvas);
        },
        (reason: unknown) => {
          if (!isAbortError(reason)) el.replaceChildren();
        },
      );
    return () => {
      controller.abort();
      for (const c of el.querySelectorAll('canvas')) c.width = c.height = 0;
      el.replaceChildren();
    };
  }, [doc, index, live, scale, rotation]);

  return (
    <button
      type="button"
      className="dv-thumb"
      style={{ top, width: width + 8 }}
      aria-label={t`Go to page ${pageNumber}`}
      aria-current={current ? 'page' : undefined}
      onClick={() => onSelect(index)}
    >
      <span className="dv-thumb-image" ref={host} style={{ width, height }} />
      <span className="dv-thumb-label" aria-hidden="true">
        {pageNumber}
      </span>
    </button>
  );
});

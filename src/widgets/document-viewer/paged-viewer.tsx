import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { downloadSource } from './download-source';
import {
  STACK_PADDING,
  clampZoom,
  computeLayout,
  currentPage,
  fitScale,
  nextZoom,
  pagesToRender,
  rotate,
  rotatedSize,
  visiblePages,
  type Rotation,
  type ZoomMode,
} from './page-layout';
import type { PagedDocument } from './paged-document';
import { PageView } from './page-view';
import { findTextMatches, normalizeSelectedText } from './text-match';
import { ThumbnailRail } from './thumbnail-rail';
import { ViewerToolbar } from './viewer-toolbar';
import { useBoxSelect } from './box-select';
import type { PageWordSource } from './page-words';
import { usePageTextPresence } from './page-text-presence';
import type { DocumentSource, DocumentViewerHandle, PageTextInfo, TextHighlight, TextSelection } from './viewer-types';

export type PagedViewerProps = {
  doc: PagedDocument;
  source: DocumentSource;
  onTextSelected?: (selection: TextSelection) => void;
  highlight?: TextHighlight | null;
  page?: number;
  onPageChange?: (page: number) => void;
  handleRef?: Ref<DocumentViewerHandle>;
  toolbarStart?: ReactNode;
  /** Words of pages beyond their text layer (recognised text), for box select and `onPageTextChange`. */
  wordSources?: readonly PageWordSource[];
  onPageTextChange?: (info: PageTextInfo) => void;
};

type Highlight = {
  text: string;
  requestedPage: number | undefined;
  pageIndex: number | null;
  onlyThatPage: boolean;
  token: number;
};

/** PDF, image and TIFF pages in one virtualized, zoomable, rotatable stack with thumbnails. */
export function PagedViewer({
  doc,
  source,
  onTextSelected,
  highlight,
  page,
  onPageChange,
  handleRef,
  toolbarStart,
  wordSources,
  onPageTextChange,
}: PagedViewerProps) {
  const root = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const subscribe = useCallback((listener: () => void) => doc.subscribe(listener), [doc]);
  const sizes = useSyncExternalStore(subscribe, () => doc.pageSizes());

  const [viewport, setViewport] = useState({ width: 0, height: 0 });
  const [scrollTop, setScrollTop] = useState(0);
  const [zoom, setZoom] = useState<{ mode: ZoomMode; custom: number }>({ mode: 'fit-width', custom: 1 });
  const [rotation, setRotation] = useState<Rotation>(0);
  const [thumbnails, setThumbnails] = useState<boolean | null>(null);
  const [firstPainted, setFirstPainted] = useState(false);
  const [ready, setReady] = useState(false);
  const [found, setHl] = useState<Highlight | null>(null);

  const largest = useMemo(
    () =>
      sizes.reduce(
        (m, s) => {
          const r = rotatedSize(s, rotation);
          return { width: Math.max(m.width, r.width), height: Math.max(m.height, r.height) };
        },
        { width: 1, height: 1 },
      ),
    [sizes, rotation],
  );
  const scale = zoom.mode === 'custom' ? zoom.custom : viewport.width ? fitScale(zoom.mode, largest, viewport) : 1;
  const layout = useMemo(() => computeLayout(sizes, scale, rotation), [sizes, scale, rotation]);
  const contentWidth = Math.max(layout.totalWidth, viewport.width);
  const current = viewport.height ? currentPage(layout, scrollTop, viewport.height) : 0;
  useBoxSelect({ scroller, rotation, sources: wordSources, onSelect: onTextSelected });
  usePageTextPresence(doc, viewport.height ? current + 1 : 0, wordSources, onPageTextChange);

  // What stays put when the layout changes (zoom, rotation, resize, late page sizes): the page at the top of the
  // viewport and how far into it we are, plus the horizontal centre.
  const layoutRef = useRef(layout);
  const anchor = useRef({ index: 0, fraction: 0, centreX: 0.5 });
  const pendingIndex = useRef<number | null>(page ? page - 1 : null);
  const frame = useRef(0);

  const recordAnchor = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const l = layoutRef.current;
    const index = visiblePages(l, el.scrollTop, el.clientHeight)[0] ?? 0;
    anchor.current = {
      index,
      fraction: l.heights[index] ? (el.scrollTop - l.tops[index]) / l.heights[index] : 0,
      centreX: el.scrollWidth ? (el.scrollLeft + el.clientWidth / 2) / el.scrollWidth : 0.5,
    };
  }, []);

  const scrollToIndex = useCallback(
    (index: number, offset = 0) => {
      const el = scroller.current;
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
    [recordAnchor],
  );

  useLayoutEffect(() => {
    const el = scroller.current;
    const previous = layoutRef.current;
    layoutRef.current = layout;
    if (!el || !viewport.height || !layout.tops.length) return;
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
  }, [layout, viewport.height, scrollToIndex]);

  useLayoutEffect(() => {
    const el = scroller.current;
    const box = root.current;
    if (!el || !box) return;
    const measure = () => {
      setViewport((v) =>
        v.width === el.clientWidth && v.height === el.clientHeight
          ? v
          : { width: el.clientWidth, height: el.clientHeight },
      );
      setThumbnails((t) => (t === null && doc.pageCount > 1 ? box.clientWidth >= 640 : t));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, [doc]);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const el = scroller.current;
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

  useImperativeHandle(
    handleRef,
    () => ({
      scrollToPage: (p: number) => scrollToIndex(p - 1),
      getPageCount: () => doc.pageCount,
    }),
    [doc, scrollToIndex],
  );

  // Highlight: find the page (the given one, else the first containing the text), bring it into view, mark it.
  const token = useRef(0);
  const highlightText = highlight?.text?.trim() ?? '';
  const highlightPage = highlight?.page;
  useEffect(() => {
    if (!highlightText) return;
    let cancelled = false;
    void (async () => {
      let pageIndex: number | null = highlightPage ? highlightPage - 1 : null;
      if (pageIndex === null) {
        for (let i = 0; i < doc.pageCount && !cancelled; i++) {
          const items = await doc.pageText(i).catch(() => []);
          if (findTextMatches(items, highlightText, 1).length) {
            pageIndex = i;
            break;
          }
        }
      }
      if (cancelled) return;
      setHl({
        text: highlightText,
        requestedPage: highlightPage,
        pageIndex,
        onlyThatPage: Boolean(highlightPage),
        token: ++token.current,
      });
      const el = scroller.current;
      if (
        pageIndex !== null &&
        el &&
        !visiblePages(layoutRef.current, el.scrollTop, el.clientHeight).includes(pageIndex)
      )
        scrollToIndex(pageIndex);
    })();
    return () => {
      cancelled = true;
    };
  }, [doc, highlightText, highlightPage, scrollToIndex]);

  // A result for an earlier request (or a cleared highlight) is not shown.
  const hl = found && found.text === highlightText && found.requestedPage === highlightPage ? found : null;

  const onReveal = useCallback((index: number, box: { top: number; left: number; height: number; width: number }) => {
    const el = scroller.current;
    const l = layoutRef.current;
    if (!el) return;
    const y = l.tops[index] + box.top;
    if (y < el.scrollTop || y + box.height > el.scrollTop + el.clientHeight)
      el.scrollTop = Math.max(0, y - el.clientHeight / 3);
    const pageLeft = Math.max(STACK_PADDING, (Math.max(l.totalWidth, el.clientWidth) - l.widths[index]) / 2);
    const x = pageLeft + box.left;
    if (x < el.scrollLeft || x + box.width > el.scrollLeft + el.clientWidth)
      el.scrollLeft = Math.max(0, x - el.clientWidth / 3);
  }, []);

  const onPainted = useCallback(() => {
    setFirstPainted((was) => {
      if (!was) performance.mark('document-viewer:first-page-painted');
      return true;
    });
  }, []);

  const applyZoom = (next: { mode: ZoomMode; scale?: number } | 'in' | 'out') => {
    if (next === 'in' || next === 'out') setZoom({ mode: 'custom', custom: nextZoom(scale, next === 'in' ? 1 : -1) });
    else setZoom({ mode: next.mode, custom: clampZoom(next.scale ?? scale) });
  };

  // Ctrl/⌘ + wheel zooms the document instead of the whole console.
  const scaleRef = useRef(scale);
  useEffect(() => {
    scaleRef.current = scale;
  }, [scale]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom({ mode: 'custom', custom: clampZoom(scaleRef.current * Math.exp(-event.deltaY / 300)) });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.altKey || event.ctrlKey || event.metaKey || target.closest('input, select, textarea')) return;
    if (event.key === '+' || event.key === '=') applyZoom('in');
    else if (event.key === '-') applyZoom('out');
    else if (event.key === 'r' || event.key === 'R') setRotation((r) => rotate(r, event.shiftKey ? -90 : 90));
    else return;
    event.preventDefault();
  };

  // Selecting text on a page reports it with its page (the page where the selection starts).
  const lastSelection = useRef('');
  const reportSelection = () => {
    if (!onTextSelected) return;
    const selection = document.getSelection();
    if (!selection || selection.isCollapsed || !selection.rangeCount) return;
    const range = selection.getRangeAt(0);
    if (!scroller.current?.contains(range.commonAncestorContainer)) return;
    const start = range.startContainer instanceof Element ? range.startContainer : range.startContainer.parentElement;
    const pageElement = start?.closest('[data-page-number]');
    const text = normalizeSelectedText(selection.toString());
    if (!pageElement || !text) return;
    const selected = { text, page: Number(pageElement.getAttribute('data-page-number')) };
    const key = `${selected.page}:${selected.text}`;
    if (key === lastSelection.current) return;
    lastSelection.current = key;
    onTextSelected(selected);
  };
  useEffect(() => {
    const done = () =>
      scroller.current?.querySelectorAll('.textLayer.selecting').forEach((l) => l.classList.remove('selecting'));
    document.addEventListener('pointerup', done);
    return () => document.removeEventListener('pointerup', done);
  }, []);

  const live = viewport.height ? pagesToRender(layout, scrollTop, viewport.height) : [];
  const shown = [...new Set([...visiblePages(layout, scrollTop, viewport.height), ...live])].sort((a, b) => a - b);
  const liveSet = new Set(live);

  return (
    <div className="dv-paged" ref={root} onKeyDown={onKeyDown}>
      <ViewerToolbar
        start={toolbarStart}
        pageCount={doc.pageCount}
        current={current}
        onGoToPage={scrollToIndex}
        thumbnails={doc.pageCount > 1 ? Boolean(thumbnails) : null}
        onToggleThumbnails={() => setThumbnails((t) => !t)}
        zoom={{ mode: zoom.mode, scale }}
        onZoom={applyZoom}
        onRotate={(by) => setRotation((r) => rotate(r, by))}
        onDownload={() => downloadSource(source)}
      />
      <div className="dv-body">
        {thumbnails && doc.pageCount > 1 && (
          <ThumbnailRail
            doc={doc}
            sizes={sizes}
            rotation={rotation}
            current={current}
            enabled={firstPainted}
            onSelect={scrollToIndex}
          />
        )}
        <div
          className="dv-scroller"
          ref={scroller}
          tabIndex={0}
          role="region"
          aria-label={`${source.name ?? 'Document'}: ${doc.pageCount} ${doc.pageCount === 1 ? 'page' : 'pages'}`}
          onScroll={onScroll}
          onPointerDown={() => {
            lastSelection.current = '';
          }}
          onPointerUp={reportSelection}
          onKeyUp={(e) => {
            if (e.shiftKey) reportSelection();
          }}
        >
          <div className="dv-stack" style={{ width: contentWidth, height: layout.totalHeight }}>
            {viewport.width > 0 &&
              shown.map((i) => (
                <PageView
                  key={i}
                  doc={doc}
                  index={i}
                  pageCount={doc.pageCount}
                  top={layout.tops[i]}
                  left={Math.max(STACK_PADDING, (contentWidth - layout.widths[i]) / 2)}
                  width={layout.widths[i]}
                  height={layout.heights[i]}
                  scale={scale}
                  rotation={rotation}
                  live={liveSet.has(i)}
                  highlightText={hl && (!hl.onlyThatPage || hl.pageIndex === i) ? hl.text : null}
                  revealToken={hl && hl.pageIndex === i ? hl.token : 0}
                  onReveal={onReveal}
                  onPainted={onPainted}
                />
              ))}
          </div>
        </div>
      </div>
    </div>
  );
}

import {
  useCallback,
  useImperativeHandle,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import { plural, t } from '@lingui/core/macro';
import { downloadSource } from './download-source';
import { pageLeft, pagesToRender, visiblePages, type Rotation, type StackLayout } from './page-layout';
import type { PagedDocument } from './paged-document';
import { PageView } from './page-view';
import { ThumbnailRail } from './thumbnail-rail';
import { ViewerToolbar } from './viewer-toolbar';
import { useBoxSelect } from './box-select';
import { useKeyboardWordPick } from './keyboard-word-pick';
import type { PageWordSource } from './page-words';
import { usePageTextPresence } from './page-text-presence';
import { useFoundHighlight, type FoundHighlight } from './use-found-highlight';
import { usePagedLayout, type PagedLayout } from './use-paged-layout';
import { useSelectionReport } from './use-selection-report';
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
  const view = usePagedLayout({ doc, page, onPageChange });
  const { root, scroller, rotation, rotateBy, viewport, thumbnails, zoom, current, scrollToIndex } = view;
  const { firstPainted, onPainted } = useFirstPaint();
  useBoxSelect({ scroller, rotation, sources: wordSources, onSelect: onTextSelected });
  usePageTextPresence(doc, viewport.height ? current + 1 : 0, wordSources, onPageTextChange);
  const found = useFoundHighlight({ doc, highlight, scrollerRef: scroller, layoutRef: view.layoutRef, scrollToIndex });
  const selection = useSelectionReport(scroller, onTextSelected);
  const wordPick = useKeyboardWordPick({ scroller, rotation, sources: wordSources, onSelect: onTextSelected });
  useViewerHandle(handleRef, { doc, scroller, scrollToIndex, wordPick, current });

  const onKeyDown = (event: KeyboardEvent) =>
    onViewerKey(event, {
      wordPick,
      pickHere: onTextSelected && event.target === scroller.current ? () => wordPick.start(current + 1) : undefined,
      zoom: zoom.applyZoom,
      rotate: rotateBy,
    });

  return (
    <div className="dv-paged" ref={root} onKeyDown={onKeyDown}>
      <p className="sr-only" role="status">
        {wordPick.said}
      </p>
      <ViewerToolbar
        start={toolbarStart}
        pageCount={doc.pageCount}
        current={current}
        onGoToPage={scrollToIndex}
        thumbnails={doc.pageCount > 1 ? Boolean(thumbnails) : null}
        onToggleThumbnails={() => view.setThumbnails((t) => !t)}
        zoom={{ mode: zoom.mode, scale: zoom.scale }}
        onZoom={zoom.applyZoom}
        onRotate={rotateBy}
        onDownload={() => downloadSource(source)}
      />
      <ViewerBody
        doc={doc}
        name={source.name}
        view={view}
        firstPainted={firstPainted}
        selection={selection}
        found={found}
        onPainted={onPainted}
      />
    </div>
  );
}

/** The thumbnail rail (when shown) beside the scrolling region of the pages. */
function ViewerBody({
  doc,
  name,
  view,
  firstPainted,
  selection,
  found,
  onPainted,
}: {
  doc: PagedDocument;
  name: string | undefined;
  view: PagedLayout;
  firstPainted: boolean;
  selection: ReturnType<typeof useSelectionReport>;
  found: FoundHighlight;
  onPainted: () => void;
}) {
  const { scroller, sizes, rotation, viewport, thumbnails, current, scrollToIndex } = view;
  const documentName = name ?? t`Document`;
  const pageCount = doc.pageCount;
  return (
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
        aria-label={plural(pageCount, { one: `${documentName}: # page`, other: `${documentName}: # pages` })}
        onScroll={view.onScroll}
        {...selection}
      >
        <PageStack
          doc={doc}
          layout={view.layout}
          contentWidth={view.contentWidth}
          scrollTop={view.scrollTop}
          viewport={viewport}
          scale={view.zoom.scale}
          rotation={rotation}
          highlight={found}
          onPainted={onPainted}
        />
      </div>
    </div>
  );
}

/** What the viewer offers its parent: go to a page, count them, pick words on the page in view by keyboard. */
function useViewerHandle(
  handleRef: Ref<DocumentViewerHandle> | undefined,
  {
    doc,
    scroller,
    scrollToIndex,
    wordPick,
    current,
  }: {
    doc: PagedDocument;
    scroller: RefObject<HTMLDivElement | null>;
    scrollToIndex: (index: number) => void;
    wordPick: ReturnType<typeof useKeyboardWordPick>;
    current: number;
  },
) {
  useImperativeHandle(
    handleRef,
    () => ({
      scrollToPage: (p: number) => scrollToIndex(p - 1),
      getPageCount: () => doc.pageCount,
      pickWords: (onDone?: () => void) => {
        scroller.current?.focus({ preventScroll: true });
        void wordPick.start(current + 1, onDone);
      },
    }),
    [doc, scrollToIndex, wordPick, current, scroller],
  );
}

/** Whether a page has been painted yet (thumbnails wait for it); the first paint is marked for performance checks. */
function useFirstPaint() {
  const [firstPainted, setFirstPainted] = useState(false);
  const onPainted = useCallback(() => {
    setFirstPainted((was) => {
      if (!was) performance.mark('document-viewer:first-page-painted');
      return true;
    });
  }, []);
  return { firstPainted, onPainted };
}

/** The pages in view (and one either side with a live canvas), each placed at its spot in the stack. */
function PageStack({
  doc,
  layout,
  contentWidth,
  scrollTop,
  viewport,
  scale,
  rotation,
  highlight,
  onPainted,
}: {
  doc: PagedDocument;
  layout: StackLayout;
  contentWidth: number;
  scrollTop: number;
  viewport: { width: number; height: number };
  scale: number;
  rotation: Rotation;
  highlight: FoundHighlight;
  onPainted: () => void;
}) {
  const live = viewport.height ? pagesToRender(layout, scrollTop, viewport.height) : [];
  const shown = [...new Set([...visiblePages(layout, scrollTop, viewport.height), ...live])].sort((a, b) => a - b);
  const liveSet = new Set(live);
  return (
    <div className="dv-stack" style={{ width: contentWidth, height: layout.totalHeight }}>
      {viewport.width > 0 &&
        shown.map((i) => (
          <PageView
            key={i}
            doc={doc}
            index={i}
            pageCount={doc.pageCount}
            top={layout.tops[i]}
            left={pageLeft(layout, i, contentWidth)}
            width={layout.widths[i]}
            height={layout.heights[i]}
            scale={scale}
            rotation={rotation}
            live={liveSet.has(i)}
            highlightText={highlight.textOn(i)}
            revealToken={highlight.revealTokenOn(i)}
            onReveal={highlight.onReveal}
            onPainted={onPainted}
          />
        ))}
    </div>
  );
}

/** The viewer's keys: + and − zoom, R and Shift+R rotate, W (on the pages) picks words; a pick takes every key. */
function onViewerKey(
  event: KeyboardEvent,
  keys: {
    wordPick: ReturnType<typeof useKeyboardWordPick>;
    pickHere?: () => void;
    zoom: (how: 'in' | 'out') => void;
    rotate: (by: 90 | -90) => void;
  },
) {
  if (keys.wordPick.onKeyDown(event)) return;
  const target = event.target as HTMLElement;
  if (event.altKey || event.ctrlKey || event.metaKey || target.closest('input, select, textarea')) return;
  if ((event.key === 'w' || event.key === 'W') && keys.pickHere) keys.pickHere();
  else if (event.key === '+' || event.key === '=') keys.zoom('in');
  else if (event.key === '-') keys.zoom('out');
  else if (event.key === 'r' || event.key === 'R') keys.rotate(event.shiftKey ? -90 : 90);
  else return;
  event.preventDefault();
}

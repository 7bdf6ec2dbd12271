import { memo, useEffect, useRef, useState } from 'react';
import { OcrTextLayer } from './ocr-text-layer';
import { outputScale as pickOutputScale, type Rotation } from './page-layout';
import { isAbortError, type PagedDocument, type RenderedText } from './paged-document';
import { findTextMatches, type TextMatch } from './text-match';

export type PageViewProps = {
  doc: PagedDocument;
  index: number;
  pageCount: number;
  top: number;
  left: number;
  width: number;
  height: number;
  scale: number;
  rotation: Rotation;
  /** Has a canvas (near the viewport); otherwise an empty page-shaped box. */
  live: boolean;
  highlightText: string | null;
  /** Changes when the highlight must be scrolled into view once marked. */
  revealToken: number;
  onReveal: (index: number, box: { top: number; left: number; height: number; width: number }) => void;
  onPainted: (index: number) => void;
};

/** One page: its canvas (swapped in only once fully painted, so zooming never flashes blank) and its text layer. */
export const PageView = memo(function PageView(props: PageViewProps) {
  const {
    doc,
    index,
    pageCount,
    top,
    left,
    width,
    height,
    scale,
    rotation,
    live,
    highlightText,
    revealToken,
    onReveal,
    onPainted,
  } = props;
  const canvasHost = useRef<HTMLDivElement>(null);
  const textHost = useRef<HTMLDivElement>(null);
  const [text, setText] = useState<RenderedText | null>(null);
  const [error, setError] = useState<string | null>(null);
  const revealed = useRef(0);

  useEffect(() => {
    const host = canvasHost.current;
    if (!live || !host) return;
    const controller = new AbortController();
    const canvas = document.createElement('canvas');
    const outputScale = pickOutputScale(width, height, window.devicePixelRatio);
    doc.render(index, canvas, { scale, rotation, outputScale, signal: controller.signal }).then(
      () => {
        if (controller.signal.aborted) return releaseCanvas(canvas);
        for (const old of host.querySelectorAll('canvas')) releaseCanvas(old);
        host.replaceChildren(canvas);
        setError(null);
        onPainted(index);
      },
      (reason: unknown) => {
        releaseCanvas(canvas);
        if (!isAbortError(reason) && !controller.signal.aborted)
          setError(reason instanceof Error ? reason.message : 'The page could not be drawn.');
      },
    );
    return () => controller.abort();
  }, [doc, index, live, scale, rotation, width, height, onPainted]);

  // Leaving the window around the viewport: free the canvas's backing store now rather than at garbage collection.
  useEffect(() => {
    const host = canvasHost.current;
    if (live || !host) return;
    for (const old of host.querySelectorAll('canvas')) releaseCanvas(old);
    host.replaceChildren();
    doc.releasePage(index);
  }, [doc, index, live]);

  useEffect(() => {
    const host = textHost.current;
    if (!live || !host || doc.kind !== 'pdf') return;
    const controller = new AbortController();
    doc.renderText(index, host, { scale, rotation, signal: controller.signal }).then(
      (rendered) => {
        if (controller.signal.aborted) return;
        const end = document.createElement('div');
        end.className = 'endOfContent';
        host.append(end);
        setText(rendered);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      setText(null);
    };
  }, [doc, index, live, scale, rotation]);

  useEffect(() => {
    if (!text || !highlightText) return;
    const matches = findTextMatches(text.items, highlightText);
    const marks = markMatches(text, matches);
    if (marks.length && revealToken !== revealed.current) {
      revealed.current = revealToken;
      const page = textHost.current!.getBoundingClientRect();
      const box = marks[0].getBoundingClientRect();
      onReveal(index, { top: box.top - page.top, left: box.left - page.left, height: box.height, width: box.width });
    }
    return () => unmark(text);
  }, [text, highlightText, revealToken, index, onReveal]);

  return (
    <div
      className="dv-page"
      role="group"
      aria-label={`Page ${index + 1} of ${pageCount}`}
      data-page-number={index + 1}
      style={{ top, left, width, height }}
    >
      <div className="dv-page-canvas" ref={canvasHost} />
      {doc.kind === 'pdf' && (
        <div className="textLayer" ref={textHost} onMouseDown={(e) => e.currentTarget.classList.add('selecting')} />
      )}
      {live && (
        <OcrTextLayer
          page={index + 1}
          width={width}
          height={height}
          rotation={rotation}
          hasOwnText={doc.kind === 'pdf' && (!text || text.items.some((item) => item.str.trim() !== ''))}
        />
      )}
      {error && (
        <p className="dv-page-error" role="alert">
          Page {index + 1}: {error}
        </p>
      )}
    </div>
  );
});

function releaseCanvas(canvas: HTMLCanvasElement) {
  canvas.width = 0;
  canvas.height = 0;
}

/** Wraps each matched part of a text div in <mark>; returns the marks in document order. */
function markMatches(text: RenderedText, matches: TextMatch[]): HTMLElement[] {
  const byItem = new Map<number, { start: number; end: number }[]>();
  for (const match of matches) for (const r of match) byItem.set(r.item, [...(byItem.get(r.item) ?? []), r]);
  const marks: HTMLElement[] = [];
  for (const [item, ranges] of [...byItem].sort((a, b) => a[0] - b[0])) {
    const div = text.divs[item];
    const str = text.items[item]?.str ?? '';
    if (!div) continue;
    ranges.sort((a, b) => a.start - b.start);
    const parts: Node[] = [];
    let at = 0;
    for (const { start, end } of ranges) {
      if (start < at) continue;
      if (start > at) parts.push(document.createTextNode(str.slice(at, start)));
      const mark = document.createElement('mark');
      mark.className = 'dv-highlight';
      mark.textContent = str.slice(start, end);
      parts.push(mark);
      marks.push(mark);
      at = end;
    }
    if (at < str.length) parts.push(document.createTextNode(str.slice(at)));
    div.replaceChildren(...parts);
    div.dataset.marked = 'true';
  }
  return marks;
}

function unmark(text: RenderedText) {
  text.divs.forEach((div, i) => {
    if (div.dataset.marked) {
      div.textContent = text.items[i]?.str ?? '';
      delete div.dataset.marked;
    }
  });
}

import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Rotation } from './page-layout';
import type { PagedDocument, RenderedText } from './paged-document';
import { findTextMatches, type TextMatch } from './text-match';

/** A PDF page's selectable text layer, built while the page is live; `text` is null until it is (and for others). */
export function usePageTextLayer({
  doc,
  index,
  live,
  scale,
  rotation,
}: {
  doc: PagedDocument;
  index: number;
  live: boolean;
  scale: number;
  rotation: Rotation;
}) {
  const textHost = useRef<HTMLDivElement>(null);
  const [text, setText] = useState<RenderedText | null>(null);

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

  return { textHost, text };
}

/**
 * Marks the highlighted text in a page's text layer, and asks for the first mark to be scrolled into view each time
 * `revealToken` changes.
 */
export function usePageHighlight({
  text,
  textHost,
  highlightText,
  revealToken,
  index,
  onReveal,
}: {
  text: RenderedText | null;
  textHost: RefObject<HTMLDivElement | null>;
  highlightText: string | null;
  revealToken: number;
  index: number;
  onReveal: (index: number, box: { top: number; left: number; height: number; width: number }) => void;
}) {
  const revealed = useRef(0);
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
  }, [text, textHost, highlightText, revealToken, index, onReveal]);
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

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { revealScroll, visiblePages, type StackLayout } from './page-layout';
import type { PagedDocument } from './paged-document';
import { findTextMatches } from './text-match';
import type { TextHighlight } from './viewer-types';

type FoundText = {
  text: string;
  requestedPage: number | undefined;
  pageIndex: number | null;
  onlyThatPage: boolean;
  token: number;
};

/**
 * The text to mark: find its page (the given one, else the first containing the text), bring it into view, and tell
 * the pages which text to mark and which page reveals its first match (`onReveal` scrolls that match into view).
 */
export function useFoundHighlight({
  doc,
  highlight,
  scrollerRef,
  layoutRef,
  scrollToIndex,
}: {
  doc: PagedDocument;
  highlight: TextHighlight | null | undefined;
  scrollerRef: RefObject<HTMLDivElement | null>;
  layoutRef: RefObject<StackLayout>;
  scrollToIndex: (index: number) => void;
}) {
  const [found, setFound] = useState<FoundText | null>(null);
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
      setFound({
        text: highlightText,
        requestedPage: highlightPage,
        pageIndex,
        onlyThatPage: Boolean(highlightPage),
        token: ++token.current,
      });
      const el = scrollerRef.current;
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
  }, [doc, highlightText, highlightPage, scrollToIndex, scrollerRef, layoutRef]);

  // A result for an earlier request (or a cleared highlight) is not shown.
  const hl = found && found.text === highlightText && found.requestedPage === highlightPage ? found : null;

  const onReveal = useCallback(
    (index: number, box: { top: number; left: number; height: number; width: number }) => {
      const el = scrollerRef.current;
      if (!el) return;
      const next = revealScroll(layoutRef.current, index, box, el);
      if (next.scrollTop !== el.scrollTop) el.scrollTop = next.scrollTop;
      if (next.scrollLeft !== el.scrollLeft) el.scrollLeft = next.scrollLeft;
    },
    [scrollerRef, layoutRef],
  );

  return {
    /** The text page `index` marks, or null. */
    textOn: (index: number) => (hl && (!hl.onlyThatPage || hl.pageIndex === index) ? hl.text : null),
    /** Changes when page `index` should scroll its first match into view; 0 on other pages. */
    revealTokenOn: (index: number) => (hl && hl.pageIndex === index ? hl.token : 0),
    onReveal,
  };
}

export type FoundHighlight = ReturnType<typeof useFoundHighlight>;

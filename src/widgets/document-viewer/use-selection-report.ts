import { useEffect, useRef, type RefObject } from 'react';
import { normalizeSelectedText } from './text-match';
import type { TextSelection } from './viewer-types';

/**
 * Selecting text on a page reports it with its page (the page where the selection starts), once per selection: on
 * pointer up, and on key up with Shift (keyboard selection). Returns the scrollerRef's handlers.
 */
export function useSelectionReport(
  scrollerRef: RefObject<HTMLDivElement | null>,
  onTextSelected: ((selection: TextSelection) => void) | undefined,
) {
  const lastSelection = useRef('');
  const reportSelection = () => {
    if (!onTextSelected) return;
    const selection = document.getSelection();
    if (!selection || selection.isCollapsed || !selection.rangeCount) return;
    const range = selection.getRangeAt(0);
    if (!scrollerRef.current?.contains(range.commonAncestorContainer)) return;
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
  // A selection dragged out of the page ends wherever the pointer is released.
  useEffect(() => {
    const done = () =>
      scrollerRef.current?.querySelectorAll('.textLayer.selecting').forEach((l) => l.classList.remove('selecting'));
    document.addEventListener('pointerup', done);
    return () => document.removeEventListener('pointerup', done);
  }, [scrollerRef]);
  return {
    onPointerDown: () => {
      lastSelection.current = '';
    },
    onPointerUp: reportSelection,
    onKeyUp: (e: { shiftKey: boolean }) => {
      if (e.shiftKey) reportSelection();
    },
  };
}

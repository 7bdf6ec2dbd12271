import { useEffect, useRef, type RefObject } from 'react';
import type { Rotation } from './page-layout';
import { boxFromCorners, textOfWords, wordsInBox, type PageWord, type PageWordSource } from './page-words';
import type { TextSelection } from './viewer-types';
import './box-select.css';

/** Smaller drags are clicks. */
const MIN_DRAG_PX = 4;

export type BoxSelectOptions = {
  /** The viewer's scrolling element; its pages carry `data-page-number`. */
  scroller: RefObject<HTMLElement | null>;
  rotation: Rotation;
  /** Asked in order for a page's words; the page's own text layer (`.textLayer` in the page) is read last. */
  sources?: readonly PageWordSource[];
  /** The words in the box, as one value with its page; not called for a box with no words. */
  onSelect?: (selection: TextSelection) => void;
};

/**
 * Box select: drag a rectangle on a page to take the words inside it. A drag that starts on a word of a text layer
 * still selects text as before; a drag from anywhere else on the page — or any drag with Alt held — draws a box.
 */
export function useBoxSelect({ scroller, rotation, sources, onSelect }: BoxSelectOptions) {
  const latest = useRef({ rotation, sources, onSelect });
  useEffect(() => {
    latest.current = { rotation, sources, onSelect };
  });

  useEffect(() => {
    const root = scroller.current;
    if (!root) return;
    return listenForBoxes(root, latest);
  }, [scroller]);
}

/** The options as of the last render, read when a drag ends. */
type LatestOptions = RefObject<Omit<BoxSelectOptions, 'scroller'>>;

/** A box being drawn: on which page, from where (px in the page), its overlay and the pointer drawing it. */
type Drag = {
  pageElement: HTMLElement;
  page: number;
  start: { x: number; y: number };
  overlay: HTMLDivElement;
  pointerId: number;
};

/** Listens on the scroller for drags that draw boxes; returns what stops listening (and drops a box being drawn). */
function listenForBoxes(root: HTMLElement, latest: LatestOptions): () => void {
  let drag: Drag | null = null;
  let lookup: AbortController | null = null;

  const onDown = (event: PointerEvent) => {
    if (!latest.current.onSelect || event.button !== 0 || event.pointerType === 'touch' || drag) return;
    drag = startDrag(event, root);
    if (!drag) return;
    root.classList.add('dv-scroller--boxing');
    root.setPointerCapture?.(event.pointerId);
  };

  const onMove = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    place(drag.overlay, drag.start, local(event, drag.pageElement));
  };

  const onUp = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    const ended = drag;
    drag = null;
    root.classList.remove('dv-scroller--boxing');
    const end = local(event, ended.pageElement);
    if (Math.abs(end.x - ended.start.x) < MIN_DRAG_PX && Math.abs(end.y - ended.start.y) < MIN_DRAG_PX) {
      ended.overlay.remove();
      return;
    }
    lookup?.abort();
    lookup = new AbortController();
    takeWordsInBox(ended, end, latest.current, lookup.signal);
  };

  const onCancel = (event: PointerEvent) => {
    if (!drag || event.pointerId !== drag.pointerId) return;
    drag.overlay.remove();
    drag = null;
    root.classList.remove('dv-scroller--boxing');
  };

  root.addEventListener('pointerdown', onDown);
  root.addEventListener('pointermove', onMove);
  root.addEventListener('pointerup', onUp);
  root.addEventListener('pointercancel', onCancel);
  return () => {
    lookup?.abort();
    drag?.overlay.remove();
    root.removeEventListener('pointerdown', onDown);
    root.removeEventListener('pointermove', onMove);
    root.removeEventListener('pointerup', onUp);
    root.removeEventListener('pointercancel', onCancel);
  };
}

/** Starts a box where a press on a page (not on a word of its text layer, unless with Alt) lands; else null. */
function startDrag(event: PointerEvent, root: HTMLElement): Drag | null {
  const target = event.target as Element | null;
  const pageElement = target?.closest<HTMLElement>('[data-page-number]');
  if (!pageElement || !root.contains(pageElement)) return null;
  if (!event.altKey && target?.closest('.textLayer span, .textLayer br')) return null;
  event.preventDefault();
  document.getSelection()?.removeAllRanges();
  const start = local(event, pageElement);
  const drag = {
    pageElement,
    page: Number(pageElement.dataset.pageNumber),
    start,
    overlay: addBoxOverlay(pageElement, 'dv-box-select'),
    pointerId: event.pointerId,
  };
  place(drag.overlay, start, start);
  return drag;
}

/**
 * Looks up the words inside the dragged box and reports them; a box with none says so briefly instead of filling the
 * field with nothing. The overlay goes once the answer is in (or the lookup was overtaken).
 */
function takeWordsInBox(
  { pageElement, page, start, overlay }: Drag,
  end: { x: number; y: number },
  { rotation, sources, onSelect }: LatestOptions['current'],
  signal: AbortSignal,
) {
  const { width, height } = pageElement.getBoundingClientRect();
  const box = boxFromCorners(
    { x: start.x / width, y: start.y / height },
    { x: end.x / width, y: end.y / height },
    rotation,
  );
  void pageWords(pageElement, page, rotation, sources ?? [], signal).then(
    (words) => {
      if (signal.aborted) return overlay.remove();
      const text = textOfWords(wordsInBox(words, box));
      if (!text) {
        overlay.classList.add('dv-box-select--empty');
        setTimeout(() => overlay.remove(), 700);
        return;
      }
      overlay.remove();
      onSelect?.({ text, page, via: 'box' });
    },
    () => overlay.remove(),
  );
}

/** The pointer's position in the page element, in px, kept inside the page. */
function local(event: PointerEvent, pageElement: HTMLElement) {
  const rect = pageElement.getBoundingClientRect();
  return {
    x: Math.min(rect.width, Math.max(0, event.clientX - rect.left)),
    y: Math.min(rect.height, Math.max(0, event.clientY - rect.top)),
  };
}

/** A box's overlay (hidden from assistive technology: the selection is said elsewhere), added to the page. */
export function addBoxOverlay(pageElement: HTMLElement, className: string): HTMLDivElement {
  const overlay = document.createElement('div');
  overlay.className = className;
  overlay.setAttribute('aria-hidden', 'true');
  pageElement.append(overlay);
  return overlay;
}

function place(overlay: HTMLElement, a: { x: number; y: number }, b: { x: number; y: number }) {
  overlay.style.left = `${Math.min(a.x, b.x)}px`;
  overlay.style.top = `${Math.min(a.y, b.y)}px`;
  overlay.style.width = `${Math.abs(a.x - b.x)}px`;
  overlay.style.height = `${Math.abs(a.y - b.y)}px`;
}

/** The page's words: from the first source that has some, else from the text layer drawn in the page. */
export async function pageWords(
  pageElement: HTMLElement,
  page: number,
  rotation: Rotation,
  sources: readonly PageWordSource[],
  signal: AbortSignal,
): Promise<readonly PageWord[]> {
  for (const source of sources) {
    const words = await source(page, signal).catch(() => null);
    if (words?.length) return words;
  }
  return textLayerWords(pageElement, page, rotation);
}

/** Words of the text layer(s) drawn in a page element, with boxes measured on screen and the rotation undone. */
export function textLayerWords(pageElement: HTMLElement, page: number, rotation: Rotation): PageWord[] {
  const frame = pageElement.getBoundingClientRect();
  if (!frame.width || !frame.height) return [];
  const words: PageWord[] = [];
  const spans = [...pageElement.querySelectorAll<HTMLElement>('.textLayer span')].filter(
    (span) => !span.querySelector('span'),
  );
  for (const span of spans) {
    const text = span.textContent ?? '';
    for (const match of text.matchAll(/\S+/g)) {
      const range = rangeOf(span, match.index, match.index + match[0].length);
      const rect = range?.getBoundingClientRect();
      if (!rect || !rect.width || !rect.height) continue;
      const box = boxFromCorners(
        { x: (rect.left - frame.left) / frame.width, y: (rect.top - frame.top) / frame.height },
        { x: (rect.right - frame.left) / frame.width, y: (rect.bottom - frame.top) / frame.height },
        rotation,
      );
      words.push({ text: match[0], page, box });
    }
  }
  return words;
}

/** A range over characters [start, end) of an element's text, across its text nodes (a highlight splits them). */
function rangeOf(element: HTMLElement, start: number, end: number): Range | null {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let offset = 0;
  let started = false;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const length = node.data.length;
    if (!started && start < offset + length) {
      range.setStart(node, start - offset);
      started = true;
    }
    if (started && end <= offset + length) {
      range.setEnd(node, end - offset);
      return range;
    }
    offset += length;
  }
  return null;
}

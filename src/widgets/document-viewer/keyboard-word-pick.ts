import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { t } from '@lingui/core/macro';
import type { Rotation } from './page-layout';
import { addBoxOverlay, pageWords } from './box-select';
import { rotatePoint, textOfWords, wordsInBox, type PageWord, type WordBox } from './page-words';
import type { TextSelection } from './viewer-types';

/**
 * Box select by keyboard (WCAG 2.1.1: what the mouse does, the keyboard does). Started on a page, it puts a box on
 * the page's first word; the arrows move it word by word (← →) and line by line (↑ ↓), with Shift they widen it from
 * where it started, Enter takes the words inside it — exactly as a dragged box would — and Esc leaves. Each move is
 * said in `said` (for a live region), so a screen-reader user hears the words the box holds.
 */
export type KeyboardWordPickOptions = {
  scroller: RefObject<HTMLElement | null>;
  rotation: Rotation;
  sources?: Parameters<typeof pageWords>[3];
  onSelect?: (selection: TextSelection) => void;
};

type Picking = {
  page: number;
  pageElement: HTMLElement;
  lines: PageWord[][];
  anchor: { line: number; word: number };
  cursor: { line: number; word: number };
  overlay: HTMLDivElement;
  onDone?: () => void;
};

export function useKeyboardWordPick({ scroller, rotation, sources, onSelect }: KeyboardWordPickOptions) {
  const picking = useRef<Picking | null>(null);
  const [said, announce] = useState('');
  const latest = useRef({ rotation, sources, onSelect });
  useEffect(() => {
    latest.current = { rotation, sources, onSelect };
  });
  useEffect(() => () => picking.current?.overlay.remove(), []);

  const stop = (message?: string) => {
    const current = picking.current;
    if (!current) return;
    picking.current = null;
    current.overlay.remove();
    if (message) announce(message);
    current.onDone?.();
  };

  /** Starts picking on `page` (1-based); `onDone` runs when it ends, taken or not. */
  const start = async (page: number, onDone?: () => void) => {
    stop();
    const pageElement = scroller.current?.querySelector<HTMLElement>(`[data-page-number="${page}"]`);
    const { rotation: turned, sources: asked } = latest.current;
    const words = pageElement
      ? await pageWords(pageElement, page, turned, asked ?? [], new AbortController().signal)
      : [];
    if (!pageElement || !words.length) {
      announce(t`Page ${page} has no text to pick from: type the value instead.`);
      onDone?.();
      return;
    }
    const className = 'dv-box-select dv-box-select--keys';
    const overlay = addBoxOverlay(pageElement, className);
    const origin = { line: 0, word: 0 };
    picking.current = {
      page,
      pageElement,
      lines: readingLines(words),
      anchor: origin,
      cursor: origin,
      overlay,
      onDone,
    };
    show(
      t`Picking words on page ${page}: arrows move, Shift and arrows widen the box, Enter fills the field, Esc leaves.`,
    );
  };

  const show = (intro?: string) => {
    const p = picking.current;
    if (!p) return;
    place(p.overlay, region(p), latest.current.rotation, p.pageElement);
    p.overlay.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    const text = taken(p);
    announce(intro ? `${intro} ${text}` : text);
  };

  /** Handles a key while picking; true when it was the picker's. */
  const onKeyDown = (event: KeyboardEvent): boolean => {
    const p = picking.current;
    if (!p) return false;
    if (event.key === 'Escape') stop(t`Picking words ended; the field is unchanged.`);
    else if (event.key === 'Enter') {
      const text = taken(p);
      const { onSelect: report } = latest.current;
      stop();
      report?.({ text, page: p.page, via: 'box' });
    } else {
      const next = moved(p.lines, p.cursor, event.key);
      if (!next) return false;
      p.cursor = next;
      if (!event.shiftKey) p.anchor = next;
      show();
    }
    event.preventDefault();
    event.stopPropagation();
    return true;
  };

  return { start, onKeyDown, said };
}

/** The box around the anchor and the cursor words, in rotation-0 fractions of the page. */
function region(p: Picking): WordBox {
  const a = p.lines[p.anchor.line][p.anchor.word].box;
  const b = p.lines[p.cursor.line][p.cursor.word].box;
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** The words the box holds, as the text a dragged box would take. */
const taken = (p: Picking) => textOfWords(wordsInBox(p.lines.flat(), region(p)));

/** The page's words as lines top to bottom, each left to right (the order a reader's eye takes). */
function readingLines(words: readonly PageWord[]): PageWord[][] {
  const mid = (w: PageWord) => w.box.y + w.box.h / 2;
  const known = words.every((w) => w.line !== undefined);
  const sorted = [...words].sort((a, b) => (known ? a.line! - b.line! : 0) || mid(a) - mid(b));
  const lines: PageWord[][] = [];
  for (const word of sorted) {
    const last = lines[lines.length - 1];
    const same = last && (known ? last[0].line === word.line : Math.abs(mid(last[0]) - mid(word)) <= word.box.h / 2);
    if (same) last.push(word);
    else lines.push([word]);
  }
  for (const line of lines) line.sort((a, b) => a.box.x - b.box.x);
  return lines;
}

type At = { line: number; word: number };

function moved(lines: PageWord[][], at: At, key: string): At | null {
  const centre = (w: PageWord) => w.box.x + w.box.w / 2;
  const nearestIn = (line: number) => {
    const x = centre(lines[at.line][at.word]);
    let best = 0;
    lines[line].forEach((w, i) => {
      if (Math.abs(centre(w) - x) < Math.abs(centre(lines[line][best]) - x)) best = i;
    });
    return { line, word: best };
  };
  switch (key) {
    case 'ArrowRight':
      if (at.word + 1 < lines[at.line].length) return { line: at.line, word: at.word + 1 };
      return at.line + 1 < lines.length ? { line: at.line + 1, word: 0 } : at;
    case 'ArrowLeft':
      if (at.word > 0) return { line: at.line, word: at.word - 1 };
      return at.line > 0 ? { line: at.line - 1, word: lines[at.line - 1].length - 1 } : at;
    case 'ArrowDown':
      return at.line + 1 < lines.length ? nearestIn(at.line + 1) : at;
    case 'ArrowUp':
      return at.line > 0 ? nearestIn(at.line - 1) : at;
    case 'Home':
      return { line: at.line, word: 0 };
    case 'End':
      return { line: at.line, word: lines[at.line].length - 1 };
    default:
      return null;
  }
}

/** Draws a rotation-0 box on the page element as it is shown (rotated, at the current zoom). */
function place(overlay: HTMLElement, box: WordBox, rotation: Rotation, pageElement: HTMLElement) {
  const { width, height } = pageElement.getBoundingClientRect();
  const a = rotatePoint(box.x, box.y, rotation);
  const b = rotatePoint(box.x + box.w, box.y + box.h, rotation);
  const pad = 2;
  overlay.style.left = `${Math.min(a.x, b.x) * width - pad}px`;
  overlay.style.top = `${Math.min(a.y, b.y) * height - pad}px`;
  overlay.style.width = `${Math.abs(a.x - b.x) * width + 2 * pad}px`;
  overlay.style.height = `${Math.abs(a.y - b.y) * height + 2 * pad}px`;
}

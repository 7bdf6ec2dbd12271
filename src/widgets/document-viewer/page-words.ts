/**
 * Words on a page with where they are, from any source that knows them — the PDF text layer, recognised (OCR) text —
 * and what box select takes from them. Pure. Boxes are fractions of the page as it is shown at rotation 0 (x, w of
 * its width, y, h of its height, from the top-left corner): the same units as the service's recognised words
 * (contract/ocr.ts), so they hold at any zoom, and the viewer's rotation is undone once, on the dragged box.
 */
import type { Rotation } from './page-layout';

export type WordBox = { x: number; y: number; w: number; h: number };

export type PageWord = {
  text: string;
  /** 1-based, as the viewer's API counts pages. */
  page: number;
  box: WordBox;
  /** Line in reading order, when the source knows it (recognised text does). */
  line?: number;
};

/**
 * Where box select reads a page's words. Returns [] (or null) when the source has none for that page, so the next
 * source is asked. The viewer asks its own text layer last.
 */
export type PageWordSource = (page: number, signal: AbortSignal) => Promise<readonly PageWord[] | null>;

/** A point given as fractions of the page as shown (rotated by `rotation`, clockwise) → fractions at rotation 0. */
export function unrotatePoint(x: number, y: number, rotation: Rotation): { x: number; y: number } {
  switch (rotation) {
    case 90:
      return { x: y, y: 1 - x };
    case 180:
      return { x: 1 - x, y: 1 - y };
    case 270:
      return { x: 1 - y, y: x };
    default:
      return { x, y };
  }
}

/** The inverse of unrotatePoint: fractions at rotation 0 → fractions of the page as shown. */
export function rotatePoint(x: number, y: number, rotation: Rotation): { x: number; y: number } {
  switch (rotation) {
    case 90:
      return { x: 1 - y, y: x };
    case 180:
      return { x: 1 - x, y: 1 - y };
    case 270:
      return { x: y, y: 1 - x };
    default:
      return { x, y };
  }
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

/** The box between two corners given as fractions of the page as shown, in rotation-0 fractions. */
export function boxFromCorners(a: { x: number; y: number }, b: { x: number; y: number }, rotation: Rotation): WordBox {
  const p = unrotatePoint(clamp01(a.x), clamp01(a.y), rotation);
  const q = unrotatePoint(clamp01(b.x), clamp01(b.y), rotation);
  return { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), w: Math.abs(p.x - q.x), h: Math.abs(p.y - q.y) };
}

/** Words whose centre is inside the box (a word cut by the box's edge goes with the side most of it is on). */
export function wordsInBox<W extends PageWord>(words: readonly W[], box: WordBox): W[] {
  return words.filter(({ box: b }) => {
    const cx = b.x + b.w / 2;
    const cy = b.y + b.h / 2;
    return cx >= box.x && cx <= box.x + box.w && cy >= box.y && cy <= box.y + box.h;
  });
}

/**
 * The words as one value, in reading order: by line (the source's lines, else words whose vertical middles are
 * within half a word's height of each other), each line left to right; joined with single spaces.
 */
export function textOfWords(words: readonly PageWord[]): string {
  const lines: PageWord[][] = [];
  const known = words.every((w) => w.line !== undefined);
  const sorted = [...words].sort(
    (a, b) => (known ? a.line! - b.line! : 0) || a.box.y + a.box.h / 2 - (b.box.y + b.box.h / 2),
  );
  for (const word of sorted) {
    const last = lines[lines.length - 1];
    const mid = word.box.y + word.box.h / 2;
    const sameLine =
      last &&
      (known
        ? last[0].line === word.line
        : Math.abs(last[0].box.y + last[0].box.h / 2 - mid) <= Math.max(last[0].box.h, word.box.h) / 2);
    if (sameLine) last.push(word);
    else lines.push([word]);
  }
  return lines
    .map((line) =>
      line
        .sort((a, b) => a.box.x - b.box.x)
        .map((w) => w.text.trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean)
    .join(' ');
}

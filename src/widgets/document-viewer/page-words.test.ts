import { describe, expect, it } from 'vitest';
import { boxFromCorners, rotatePoint, textOfWords, unrotatePoint, wordsInBox, type PageWord } from './page-words';

const word = (text: string, x: number, y: number, extra: Partial<PageWord> = {}): PageWord => ({
  text,
  page: 1,
  box: { x, y, w: 0.1, h: 0.02 },
  ...extra,
});

describe('page words', () => {
  it('undoes the viewer’s rotation: a corner of the page as shown maps to the same corner of the page unrotated', () => {
    // Shown turned 90° clockwise, the page's top-left corner is at the top right.
    expect(unrotatePoint(1, 0, 90)).toEqual({ x: 0, y: 0 });
    expect(unrotatePoint(1, 1, 180)).toEqual({ x: 0, y: 0 });
    expect(unrotatePoint(0, 1, 270)).toEqual({ x: 0, y: 0 });
    expect(unrotatePoint(0.25, 0.5, 0)).toEqual({ x: 0.25, y: 0.5 });
  });

  it('turns a point of the unrotated page to where it is shown (the keyboard box is drawn so), undoing unrotatePoint', () => {
    for (const rotation of [0, 90, 180, 270] as const) {
      for (const [x, y] of [
        [0.2, 0.7],
        [1, 0],
        [0.5, 0.5],
      ]) {
        const shown = rotatePoint(x, y, rotation);
        const back = unrotatePoint(shown.x, shown.y, rotation);
        expect([back.x, back.y].map((v) => Math.round(v * 1e6) / 1e6)).toEqual([x, y]);
      }
    }
    // Turned 90° clockwise, the page's top-left corner is shown at the top right.
    expect(rotatePoint(0, 0, 90)).toEqual({ x: 1, y: 0 });
  });

  it('makes a box from two corners in any drag direction, clamped to the page', () => {
    const round = (b: Record<string, number>) =>
      Object.fromEntries(Object.entries(b).map(([k, v]) => [k, Math.round(v * 1000) / 1000]));
    expect(round(boxFromCorners({ x: 0.5, y: 0.6 }, { x: 0.1, y: 0.2 }, 0))).toEqual({
      x: 0.1,
      y: 0.2,
      w: 0.4,
      h: 0.4,
    });
    expect(round(boxFromCorners({ x: -0.2, y: 0.2 }, { x: 0.5, y: 1.4 }, 0))).toEqual({ x: 0, y: 0.2, w: 0.5, h: 0.8 });
    // Shown at 90°: a box near the top right of the screen is near the top left of the page.
    expect(round(boxFromCorners({ x: 0.6, y: 0.1 }, { x: 0.9, y: 0.3 }, 90))).toEqual({
      x: 0.1,
      y: 0.1,
      w: 0.2,
      h: 0.3,
    });
  });

  it('takes the words whose centre is in the box', () => {
    const words = [word('in', 0.2, 0.2), word('edge', 0.28, 0.2), word('out', 0.6, 0.2)];
    expect(wordsInBox(words, { x: 0.1, y: 0.1, w: 0.25, h: 0.2 }).map((w) => w.text)).toEqual(['in', 'edge']);
    expect(wordsInBox(words, { x: 0.1, y: 0.1, w: 0.2, h: 0.2 }).map((w) => w.text)).toEqual(['in']);
  });

  it('reads the words line by line, left to right, whatever order they come in', () => {
    const words = [
      word('Due', 0.1, 0.305),
      word('total', 0.3, 0.2),
      word('2025-01-31', 0.25, 0.3),
      word('Invoice', 0.1, 0.2),
    ];
    expect(textOfWords(words)).toBe('Invoice total Due 2025-01-31');
    // A source's own line numbers win over positions.
    expect(textOfWords([word('b', 0.5, 0.2, { line: 1 }), word('a', 0.1, 0.5, { line: 0 })])).toBe('a b');
    expect(textOfWords([])).toBe('');
  });
});

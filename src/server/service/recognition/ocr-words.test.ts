/** Tesseract's blocks → the contract's page of words: page-relative boxes, 0..1 confidence, line indices. */
import { describe, expect, it } from 'vitest';
import { ocrPageSchema } from '@/contract/ocr';
import { ocrPageFromBlocks, type TesseractBlocks } from './ocr-words';

const word = (text: string, confidence: number, x0: number, y0: number, x1: number, y1: number) => ({
  text,
  confidence,
  bbox: { x0, y0, x1, y1 },
});

describe('ocrPageFromBlocks', () => {
  it('makes boxes fractions of the page, confidence 0..1, and numbers lines in reading order across paragraphs', () => {
    const blocks: TesseractBlocks = [
      {
        paragraphs: [
          {
            lines: [
              { words: [word('INVOICE', 91.5, 20, 40, 120, 60), word('INV-1', 80, 130, 40, 200, 60)] },
              { words: [word('  ', 10, 0, 0, 1, 1)] },
            ],
          },
        ],
      },
      { paragraphs: [{ lines: [{ words: [word('TOTAL', 100, 20, 700, 100, 720)] }] }] },
    ];
    const page = ocrPageSchema.parse(ocrPageFromBlocks(2, 400, 800, blocks));
    expect(page).toEqual({
      page: 2,
      width: 400,
      height: 800,
      words: [
        { text: 'INVOICE', line: 0, confidence: 0.915, box: { x: 0.05, y: 0.05, w: 0.25, h: 0.025 } },
        { text: 'INV-1', line: 0, confidence: 0.8, box: { x: 0.325, y: 0.05, w: 0.175, h: 0.025 } },
        // The blank line has no words, so it takes no line number.
        { text: 'TOTAL', line: 1, confidence: 1, box: { x: 0.05, y: 0.875, w: 0.2, h: 0.025 } },
      ],
    });
  });

  it('keeps boxes inside the page when tesseract reports one past its edge', () => {
    const page = ocrPageFromBlocks(0, 100, 100, [
      { paragraphs: [{ lines: [{ words: [word('EDGE', 50, 90, 95, 130, 120)] }] }] },
    ]);
    expect(ocrPageSchema.safeParse(page).success).toBe(true);
    expect(page.words[0].box).toEqual({ x: 0.9, y: 0.95, w: 0.1, h: 0.05 });
  });

  it('drops marks without a letter or digit: stripes and rules read as "." or "|" are not text', () => {
    const page = ocrPageFromBlocks(0, 100, 100, [
      {
        paragraphs: [
          {
            lines: [
              { words: [word('.', 40, 1, 1, 5, 5), word('|', 30, 10, 1, 12, 9)] },
              { words: [word('$12', 90, 1, 20, 30, 30)] },
            ],
          },
        ],
      },
    ]);
    expect(page.words.map((w) => [w.text, w.line])).toEqual([['$12', 0]]);
  });

  it('a page without text has no words', () => {
    expect(ocrPageFromBlocks(0, 10, 10, null).words).toEqual([]);
  });
});

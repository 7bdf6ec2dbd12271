/**
 * Tesseract's result for one page raster → the contract's page of words (src/contract/ocr.ts): boxes become
 * fractions of the page, confidence 0..1, words keep the index of their line in reading order. Pure.
 */
import type { OcrPage, OcrWord } from '@/contract/ocr';

type Bbox = { x0: number; y0: number; x1: number; y1: number };
/** The part of tesseract.js's `Page` this reads (its `blocks` output). */
export type TesseractBlocks = {
  paragraphs: { lines: { words: { text: string; confidence: number; bbox: Bbox }[] }[] }[];
}[];

const HAS_LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const clamp01 = (n: number) => Math.min(1, Math.max(0, n));
/** Five decimals: a hundred-thousandth of the page is far below a pixel at any zoom, and keeps the JSON small. */
const round = (n: number) => Math.round(clamp01(n) * 100_000) / 100_000;

export function ocrPageFromBlocks(
  page: number,
  width: number,
  height: number,
  blocks: TesseractBlocks | null | undefined,
): OcrPage {
  const words: OcrWord[] = [];
  let line = 0;
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const { words: lineWords } of paragraph.lines) {
        let any = false;
        for (const word of lineWords) {
          const text = word.text.trim();
          // Rules, stripes and specks come back as lone punctuation: text has a letter or a digit.
          if (!HAS_LETTER_OR_DIGIT.test(text)) continue;
          // Clipped to the page: tesseract can report a box reaching past the raster's edge.
          const x0 = Math.max(0, word.bbox.x0);
          const y0 = Math.max(0, word.bbox.y0);
          const x1 = Math.min(width, word.bbox.x1);
          const y1 = Math.min(height, word.bbox.y1);
          words.push({
            text,
            line,
            confidence: round(word.confidence / 100),
            box: {
              x: round(x0 / width),
              y: round(y0 / height),
              w: round((x1 - x0) / width),
              h: round((y1 - y0) / height),
            },
          });
          any = true;
        }
        if (any) line += 1;
      }
    }
  }
  return { page, width, height, words };
}

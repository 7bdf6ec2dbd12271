/**
 * Recognised text of a document: what the service's `ocrFileUrl` serves (an extension beyond the seed, which names
 * the field only). Words come with their page and a box in page-relative units, so any viewer can lay them over the
 * page at any zoom without knowing the raster the service recognised.
 *
 *   { "documentId": "svc:document:…", "status": "done", "message": null, "updatedTime": "…",
 *     "pages": [{ "page": 0, "width": 640, "height": 820,
 *                 "words": [{ "text": "TOTAL", "line": 12, "confidence": 0.91,
 *                             "box": { "x": 0.025, "y": 0.70, "w": 0.08, "h": 0.017 } }] }] }
 */
import { z } from 'zod/mini';
import { contentTypeSchema } from './enums';
import { documentIdSchema } from './ids';
import { timestampSchema, stringSchema } from './primitives';

/**
 * `pending`: waiting for the recogniser; `running`: pages are being recognised (`pages` holds those done so far);
 * `done`: every page was tried (`unrecognisedPages` lists those that could not be recognised); `failed`: the file
 * could not be read or the recogniser stopped on it, `message` says why.
 */
export const OCR_STATUSES = ['pending', 'running', 'done', 'failed'] as const;
export const ocrStatusSchema = z.enum(OCR_STATUSES, { message: `must be one of ${OCR_STATUSES.join(', ')}` });
export type OcrStatus = z.infer<typeof ocrStatusSchema>;

/** Content types whose pages the service recognises (a PDF only on pages without a text layer). */
export const OCR_CONTENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/tiff'] as const;
export const isOcrContentType = (type: string | null | undefined): boolean =>
  (OCR_CONTENT_TYPES as readonly string[]).includes(type ?? '');

const unit = z
  .number({ message: 'must be a number' })
  .check(z.gte(0, { message: 'must be 0 to 1' }), z.lte(1, { message: 'must be 0 to 1' }));

/** A box on the page: fractions of the page's width (x, w) and height (y, h), from its top-left corner, unrotated. */
export const ocrBoxSchema = z.strictObject({ x: unit, y: unit, w: unit, h: unit });
export type OcrBox = z.infer<typeof ocrBoxSchema>;

export const ocrWordSchema = z.strictObject({
  text: stringSchema().check(z.minLength(1, { message: 'must not be empty' })),
  /** Index of the word's line on its page, in reading order (words of one line share it). */
  line: z.int({ message: 'must be an integer' }).check(z.gte(0, { message: 'must be an integer >= 0' })),
  /** The recogniser's confidence, 0 to 1. */
  confidence: unit,
  box: ocrBoxSchema,
});
export type OcrWord = z.infer<typeof ocrWordSchema>;

export const ocrPageSchema = z.strictObject({
  /** 0-based page index, as ground-truth `pages` count them. */
  page: z.int({ message: 'must be an integer' }).check(z.gte(0, { message: 'must be an integer >= 0' })),
  /** Size in pixels of the raster that was recognised (the boxes do not depend on it). */
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  words: z.array(ocrWordSchema),
});
export type OcrPage = z.infer<typeof ocrPageSchema>;

/**
 * Why pages were not recognised: `page-limit` beyond the pages a document may have recognised, `time-limit` the page
 * took longer than a page may, `too-large` the page has more pixels than a page may, `unreadable` it could not be
 * decoded.
 */
export const OCR_NOT_RECOGNISED_REASONS = ['page-limit', 'time-limit', 'too-large', 'unreadable'] as const;
export type OcrNotRecognisedReason = (typeof OCR_NOT_RECOGNISED_REASONS)[number];

const pageIndex = z.int({ message: 'must be an integer' }).check(z.gte(0, { message: 'must be an integer >= 0' }));

/** A run of pages (0-based, `first` to `last` inclusive) that were not recognised, and why. */
export const ocrUnrecognisedPagesSchema = z.strictObject({
  first: pageIndex,
  last: pageIndex,
  reason: z.enum(OCR_NOT_RECOGNISED_REASONS, { message: `must be one of ${OCR_NOT_RECOGNISED_REASONS.join(', ')}` }),
});
export type OcrUnrecognisedPages = z.infer<typeof ocrUnrecognisedPagesSchema>;

export const ocrResultSchema = z.strictObject({
  documentId: documentIdSchema,
  contentType: contentTypeSchema,
  status: ocrStatusSchema,
  /** Why recognition failed, or (done) which pages were not recognised and why; null otherwise. Never document text. */
  message: z.nullable(stringSchema()),
  /** Recognised pages in page order: only pages that needed recognition (a PDF page with a text layer has none). */
  pages: z.array(ocrPageSchema),
  /** Pages of the document, once the recogniser opened it (extension of this format; absent from older services). */
  pageCount: z.optional(z.nullable(pageIndex)),
  /** Pages that were tried and not recognised, in page order (extension; absent means none). */
  unrecognisedPages: z.optional(z.array(ocrUnrecognisedPagesSchema)),
  updatedTime: timestampSchema,
});
export type OcrResult = z.infer<typeof ocrResultSchema>;

/** Words of `page` (0-based) in reading order, or null when that page has no recognised text (yet). */
export function ocrWordsOfPage(result: OcrResult | null | undefined, page: number): OcrWord[] | null {
  return result?.pages.find((p) => p.page === page)?.words ?? null;
}

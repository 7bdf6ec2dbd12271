import { describe, expect, it } from 'vitest';
import type { OcrResult } from '@/contract/ocr';
// The console's Lingui instance, active in English: the hints are its messages.
import '@/i18n/i18n';
import { notRecognisedHint } from './not-recognised-hint';

const result = (unrecognisedPages?: OcrResult['unrecognisedPages']): OcrResult => ({
  documentId: 'svc:document:1',
  contentType: 'image/tiff',
  status: 'done',
  message: null,
  pages: [{ page: 0, width: 10, height: 10, words: [] }],
  pageCount: 300,
  unrecognisedPages,
  updatedTime: '2026-11-26T15:00:00.000Z',
});

describe('notRecognisedHint', () => {
  const ocr = result([
    { first: 3, last: 3, reason: 'unreadable' },
    { first: 5, last: 6, reason: 'time-limit' },
    { first: 7, last: 7, reason: 'too-large' },
    { first: 200, last: 299, reason: 'page-limit' },
  ]);

  it('says a page past the page limit was not recognised and why', () => {
    expect(notRecognisedHint(250, ocr, 'save')).toBe(
      "Page 250 was not recognised: past the service's page limit (DPS_OCR_MAX_PAGES) — type each value as you read it. Enter: next field that needs attention. Ctrl/⌘+S: save.",
    );
  });

  it('counts the 1-based page against 0-based runs, both ends inclusive', () => {
    expect(notRecognisedHint(200, ocr, 'save')).toBeNull();
    expect(notRecognisedHint(201, ocr, 'save')).toMatch(/^Page 201 was not recognised: past the service's page limit/);
    expect(notRecognisedHint(300, ocr, 'save')).toMatch(/^Page 300 was not recognised/);
    expect(notRecognisedHint(301, ocr, 'save')).toBeNull();
  });

  it('has one wording per reason', () => {
    expect(notRecognisedHint(4, ocr, 'confirm')).toMatch(
      /^Page 4 was not recognised: the service could not decode it —/,
    );
    expect(notRecognisedHint(6, ocr, 'confirm')).toContain(
      "took longer than the service's time limit for a page (DPS_OCR_PAGE_TIMEOUT_MS)",
    );
    expect(notRecognisedHint(7, ocr, 'confirm')).toContain('took longer');
    expect(notRecognisedHint(8, ocr, 'confirm')).toContain(
      "more pixels than the service's limit for a page (DPS_OCR_MAX_PAGE_PIXELS)",
    );
    expect(notRecognisedHint(8, ocr, 'confirm')).toMatch(/Ctrl\/⌘\+S: confirm\.$/);
  });

  it('is null for recognised pages, results without the field and no result', () => {
    expect(notRecognisedHint(1, ocr, 'save')).toBeNull();
    expect(notRecognisedHint(250, result(undefined), 'save')).toBeNull();
    expect(notRecognisedHint(250, result([]), 'save')).toBeNull();
    expect(notRecognisedHint(250, null, 'save')).toBeNull();
  });
});

/** The recognised-text format served at `ocrFileUrl`. */
import { describe, expect, it } from 'vitest';
import { isOcrContentType, ocrResultSchema, ocrWordsOfPage, type OcrResult } from './ocr';

const result: OcrResult = {
  documentId: `svc:document:${'a'.repeat(32)}`,
  contentType: 'image/tiff',
  status: 'running',
  message: null,
  pages: [
    {
      page: 1,
      width: 850,
      height: 1100,
      words: [{ text: 'TOTAL', line: 0, confidence: 0.9, box: { x: 0.1, y: 0.5, w: 0.1, h: 0.02 } }],
    },
  ],
  updatedTime: '2024-05-01T10:00:00.000000Z',
};

describe('ocrResultSchema', () => {
  it('accepts a result while recognition runs, with the pages done so far', () => {
    expect(ocrResultSchema.parse(result)).toEqual(result);
  });

  it('names the field and the rule: boxes are page fractions, statuses are the four', () => {
    const outside = ocrResultSchema.safeParse({
      ...result,
      pages: [{ ...result.pages[0], words: [{ ...result.pages[0].words[0], box: { x: 1.2, y: 0, w: 0, h: 0 } }] }],
    });
    expect(outside.success).toBe(false);
    expect(outside.error?.issues[0]).toMatchObject({
      path: ['pages', 0, 'words', 0, 'box', 'x'],
      message: 'must be 0 to 1',
    });
    const status = ocrResultSchema.safeParse({ ...result, status: 'queued' });
    expect(status.error?.issues[0].message).toBe('must be one of pending, running, done, failed');
    expect(ocrResultSchema.safeParse({ ...result, extra: 1 }).success).toBe(false);
  });

  it('finds the words of a 0-based page; null for a page not recognised (yet)', () => {
    expect(ocrWordsOfPage(result, 1)?.map((w) => w.text)).toEqual(['TOTAL']);
    expect(ocrWordsOfPage(result, 0)).toBeNull();
    expect(ocrWordsOfPage(null, 0)).toBeNull();
  });

  it('covers PDF and the four image types, not email', () => {
    expect(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/tiff'].every(isOcrContentType)).toBe(
      true,
    );
    expect(isOcrContentType('message/rfc822')).toBe(false);
    expect(isOcrContentType(null)).toBe(false);
  });
});

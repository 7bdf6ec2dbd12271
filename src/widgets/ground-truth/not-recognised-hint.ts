import type { OcrNotRecognisedReason, OcrResult } from '@/contract/ocr';

/** Why the service left a page without recognised text, as the hint says it (see docs/ocr.md, limits). */
const REASON_WORDING: Record<OcrNotRecognisedReason, string> = {
  'page-limit': "past the service's page limit (DPS_OCR_MAX_PAGES)",
  'time-limit': "it took longer than the service's time limit for a page (DPS_OCR_PAGE_TIMEOUT_MS)",
  'too-large': "it has more pixels than the service's limit for a page (DPS_OCR_MAX_PAGE_PIXELS)",
  unreadable: 'the service could not decode it',
};

/**
 * The hint for a page (1-based) that the service tried and did not recognise, saying why; null when the OCR result
 * does not list it (recognised, not tried yet, or an older service without `unrecognisedPages`).
 */
export function notRecognisedHint(page: number, result: OcrResult | null | undefined, saveVerb: string): string | null {
  // `unrecognisedPages` counts pages from 0, the viewer from 1.
  const run = result?.unrecognisedPages?.find((r) => r.first <= page - 1 && page - 1 <= r.last);
  if (!run) return null;
  return `Page ${page} was not recognised: ${REASON_WORDING[run.reason]} — type each value as you read it. Enter: next field that needs attention. Ctrl/⌘+S: ${saveVerb}.`;
}

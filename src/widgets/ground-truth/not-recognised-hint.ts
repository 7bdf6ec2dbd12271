import { t } from '@lingui/core/macro';
import type { OcrNotRecognisedReason, OcrResult } from '@/contract/ocr';

/** What Ctrl/⌘+S does where the ground truth is edited: save it (a document), or confirm it (a review). */
export type SaveVerb = 'save' | 'confirm';

/** The action Ctrl/⌘+S takes, as the hints name it ("Ctrl/⌘+S: save."). */
export function saveVerbWord(verb: SaveVerb): string {
  return verb === 'confirm'
    ? t({ message: 'confirm', context: 'what Ctrl/⌘+S does' })
    : t({ message: 'save', context: 'what Ctrl/⌘+S does' });
}

/**
 * The hint for a page (1-based) that the service tried and did not recognise, saying why (see docs/ocr.md, limits);
 * null when the OCR result does not list it (recognised, not tried yet, or an older service without
 * `unrecognisedPages`).
 */
export function notRecognisedHint(
  page: number,
  result: OcrResult | null | undefined,
  saveVerb: SaveVerb,
): string | null {
  // `unrecognisedPages` counts pages from 0, the viewer from 1.
  const run = result?.unrecognisedPages?.find((r) => r.first <= page - 1 && page - 1 <= r.last);
  if (!run) return null;
  return reasonHint(run.reason, page, saveVerbWord(saveVerb));
}

/** One whole hint per reason (the service's setting that limits it named as it is). */
function reasonHint(reason: OcrNotRecognisedReason, page: number, action: string): string {
  switch (reason) {
    case 'page-limit':
      return t`Page ${page} was not recognised: past the service's page limit (DPS_OCR_MAX_PAGES) — type each value as you read it. Enter: next field that needs attention. Ctrl/⌘+S: ${action}.`;
    case 'time-limit':
      return t`Page ${page} was not recognised: it took longer than the service's time limit for a page (DPS_OCR_PAGE_TIMEOUT_MS) — type each value as you read it. Enter: next field that needs attention. Ctrl/⌘+S: ${action}.`;
    case 'too-large':
      return t`Page ${page} was not recognised: it has more pixels than the service's limit for a page (DPS_OCR_MAX_PAGE_PIXELS) — type each value as you read it. Enter: next field that needs attention. Ctrl/⌘+S: ${action}.`;
    default:
      return t`Page ${page} was not recognised: the service could not decode it — type each value as you read it. Enter: next field that needs attention. Ctrl/⌘+S: ${action}.`;
  }
}

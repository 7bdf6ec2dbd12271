import { useCallback, useState } from 'react';
import type { ContentType } from '@/contract';
import type { OcrResult } from '@/contract/ocr';
import type { PageTextInfo } from '@/widgets/document-viewer';
import { notRecognisedHint, type SaveVerb } from './not-recognised-hint';

export type PageTextState = ReturnType<typeof usePageTextState>;

/**
 * Whether the page shown has text to take (its text layer, or recognised words), as the viewer reports it; until it
 * does, PDFs are assumed to have a text layer and other files not. The hint and the editor's empty state follow it.
 * Reports about another file (the document changed) are not used.
 */
export function usePageTextState({
  fileUrl,
  ocrFileUrl,
  contentType,
  saveVerb,
}: {
  fileUrl: string | null | undefined;
  ocrFileUrl: string | null | undefined;
  contentType: ContentType | null | undefined;
  saveVerb: SaveVerb;
}) {
  const [pageText, setPageText] = useState<(PageTextInfo & { fileUrl: string | null | undefined }) | null>(null);
  const onPageTextChange = useCallback((info: PageTextInfo) => setPageText({ ...info, fileUrl }), [fileUrl]);
  const shownPageText = pageText?.fileUrl === fileUrl ? pageText : null;
  const selectable = shownPageText ? shownPageText.hasText : contentType === 'application/pdf';
  // The service is still recognising the document's text: a page without text may get some.
  const [recognizing, setRecognizing] = useState(false);
  // The recognised-text result, for pages the service tried and did not recognise (the hint says why).
  const [ocr, setOcr] = useState<{ result: OcrResult | null; ocrFileUrl: string | null | undefined } | null>(null);
  const onRecognizedTextChange = useCallback(
    (result: OcrResult | null) => setOcr({ result, ocrFileUrl }),
    [ocrFileUrl],
  );
  const notRecognised =
    shownPageText && ocr?.ocrFileUrl === ocrFileUrl
      ? notRecognisedHint(shownPageText.page, ocr?.result, saveVerb)
      : null;
  // The page shown (1-based), or null before the viewer reports one: the hint then speaks of "this file".
  const page = shownPageText ? shownPageText.page : null;
  return {
    selectable,
    recognizing,
    notRecognised,
    page,
    onPageTextChange,
    onRecognizingChange: setRecognizing,
    onRecognizedTextChange,
  };
}

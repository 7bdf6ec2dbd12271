/**
 * A document's recognised text, read from its `ocrFileUrl` through the BFF's file proxy and polled while the service
 * still recognises it. Services without the extension (no `ocrFileUrl`, or 404) leave the viewer as it was.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { bffFetch } from '@/api/bff-fetch';
import { ocrResultSchema, type OcrResult, type OcrWord } from '@/contract/ocr';
import { fileProxyUrl } from './load-document-file';
import type { PageWord, PageWordSource } from './page-words';

/** How often a page being recognised asks again. */
export const RECOGNITION_POLL_MS = 1500;

export type RecognizedText =
  { status: 'loading' } | { status: 'unavailable' } | { status: OcrResult['status']; result: OcrResult };

/** The recognised text of the document the viewer shows; read by each page (page-view.tsx). */
export const RecognizedTextContext = createContext<RecognizedText | null>(null);
export const useRecognizedTextOfDocument = () => useContext(RecognizedTextContext);
/** True when the viewer's host says "recognising" itself (beside the page): the page then carries no label of its own. */
export const RecognitionSaidByHostContext = createContext(false);

export const isRecognizing = (text: RecognizedText | null) =>
  text?.status === 'pending' || text?.status === 'running' || text?.status === 'loading';

/** Words of a 1-based page, or null when that page has none recognised (yet). */
export function recognizedWords(text: RecognizedText | null, page: number): OcrWord[] | null {
  if (!text || !('result' in text)) return null;
  return text.result.pages.find((p) => p.page === page - 1)?.words ?? null;
}

/** Box select reads recognised words through this source (1-based pages, the same page-relative boxes). */
export function recognizedWordSource(text: RecognizedText | null): PageWordSource | null {
  if (!text || !('result' in text)) return null;
  return async (page) =>
    recognizedWords(text, page)?.map((w): PageWord => ({ text: w.text, page, box: w.box, line: w.line })) ?? null;
}

async function readRecognizedText(ocrFileUrl: string, signal: AbortSignal): Promise<OcrResult | null> {
  const response = await bffFetch(fileProxyUrl(ocrFileUrl), { signal });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return ocrResultSchema.parse(await response.json());
}

/** Reads `ocrFileUrl` (null/undefined: nothing to read) and again every RECOGNITION_POLL_MS until it is settled. */
export function useRecognizedText(ocrFileUrl: string | null | undefined): RecognizedText | null {
  const [state, setState] = useState<{ url: string; text: RecognizedText } | null>(null);
  useEffect(() => {
    if (!ocrFileUrl) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const poll = async () => {
      try {
        const result = await readRecognizedText(ocrFileUrl, controller.signal);
        if (controller.signal.aborted) return;
        failures = 0;
        setState((previous) => {
          const same =
            previous?.url === ocrFileUrl &&
            'result' in previous.text &&
            result &&
            previous.text.result.updatedTime === result.updatedTime &&
            previous.text.status === result.status;
          if (same) return previous;
          return { url: ocrFileUrl, text: result ? { status: result.status, result } : { status: 'unavailable' } };
        });
        if (result && (result.status === 'pending' || result.status === 'running'))
          timer = setTimeout(poll, RECOGNITION_POLL_MS);
      } catch {
        if (controller.signal.aborted) return;
        // A hiccup of the console server: ask again a few times before giving up on recognised text.
        if (++failures <= 3) timer = setTimeout(poll, RECOGNITION_POLL_MS * failures);
        else setState({ url: ocrFileUrl, text: { status: 'unavailable' } });
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [ocrFileUrl]);
  if (!ocrFileUrl) return null;
  return state?.url === ocrFileUrl ? state.text : { status: 'loading' };
}

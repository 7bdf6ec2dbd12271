import { useEffect } from 'react';
import type { PagedDocument } from './paged-document';
import type { PageWordSource } from './page-words';
import type { PageTextInfo } from './viewer-types';

/**
 * Tells whether the page shown has text to take: words from a source (recognised text), else the document's own
 * text (a PDF text layer). Asked again when the page, the document or the sources change — a source whose words
 * arrive later (recognition still running) is passed anew when they do.
 */
export function usePageTextPresence(
  doc: PagedDocument,
  page: number,
  sources: readonly PageWordSource[] | undefined,
  onChange: ((info: PageTextInfo) => void) | undefined,
) {
  useEffect(() => {
    if (!onChange || page < 1) return;
    const controller = new AbortController();
    void (async () => {
      let hasText = false;
      for (const source of sources ?? []) {
        const words = await source(page, controller.signal).catch(() => null);
        if (words?.length) {
          hasText = true;
          break;
        }
      }
      if (!hasText) hasText = (await doc.pageText(page - 1).catch(() => [])).some((item) => item.str.trim() !== '');
      if (!controller.signal.aborted) onChange({ page, hasText });
    })();
    return () => controller.abort();
  }, [doc, page, sources, onChange]);
}

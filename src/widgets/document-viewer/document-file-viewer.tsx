import { useEffect, useMemo, useState } from 'react';
import type { OcrResult } from '@/contract/ocr';
import { Trans } from '@lingui/react/macro';
import type { ContentType } from './document-size';
import { DocumentViewer, type DocumentViewerProps } from './document-viewer';
import { loadPreloadedDocumentFile } from './preload-document';
import {
  RecognitionSaidByHostContext,
  RecognizedTextContext,
  isRecognizing,
  recognizedWordSource,
  useRecognizedText,
} from './recognized-text';
import type { DocumentSource } from './viewer-types';

export type DocumentFileViewerProps = Omit<DocumentViewerProps, 'source'> & {
  /** The document's `fileUrl`; fetched through the BFF's file proxy. */
  fileUrl: string;
  /** Whether its text is being recognised; a host that listens says so itself, and the pages carry no label. */
  onRecognizingChange?: (recognizing: boolean) => void;
  /** The recognised-text result as read (null while loading or without one): a host explains unrecognised pages. */
  onRecognizedTextChange?: (result: OcrResult | null) => void;
  contentType?: ContentType | null;
  name?: string;
  /** The document's `ocrFileUrl` (recognised words), when the service provides one: a text layer on pages without one. */
  ocrFileUrl?: string | null;
};

/** DocumentViewer for a stored document: loads its bytes through `/bff/file`, explains failures and oversize files. */
export function DocumentFileViewer({
  fileUrl,
  contentType,
  name,
  className,
  ocrFileUrl,
  onRecognizingChange,
  onRecognizedTextChange,
  ...viewerProps
}: DocumentFileViewerProps) {
  const recognized = useRecognizedText(ocrFileUrl);
  const recognizing = isRecognizing(recognized);
  useEffect(() => onRecognizingChange?.(recognizing), [onRecognizingChange, recognizing]);
  const recognizedResult = recognized && 'result' in recognized ? recognized.result : null;
  useEffect(() => onRecognizedTextChange?.(recognizedResult), [onRecognizedTextChange, recognizedResult]);
  const { wordSources } = viewerProps;
  // Recognised words come after the caller's sources; a new result is a new source, so the viewer asks again.
  const sources = useMemo(() => {
    const ocr = recognizedWordSource(recognized);
    return ocr ? [...(wordSources ?? []), ocr] : wordSources;
  }, [recognized, wordSources]);
  const [attempt, setAttempt] = useState(0);
  const key = `${attempt}|${contentType ?? ''}|${name ?? ''}|${fileUrl}`;
  const [loaded, setLoaded] = useState<{ key: string; result: { source: DocumentSource } | { error: string } } | null>(
    null,
  );
  // A result for another file (or attempt) counts as still loading.
  const state = loaded?.key === key ? loaded.result : null;

  useEffect(() => {
    const controller = new AbortController();
    loadPreloadedDocumentFile(fileUrl, { contentType, name, signal: controller.signal }).then(
      (source) => setLoaded({ key, result: { source } }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setLoaded({ key, result: { error: error instanceof Error ? error.message : String(error) } });
      },
    );
    return () => controller.abort();
  }, [fileUrl, contentType, name, key]);

  if (state && 'source' in state) {
    return (
      <RecognizedTextContext.Provider value={recognized}>
        <RecognitionSaidByHostContext.Provider value={Boolean(onRecognizingChange)}>
          <DocumentViewer {...viewerProps} wordSources={sources} className={className} source={state.source} />
        </RecognitionSaidByHostContext.Provider>
      </RecognizedTextContext.Provider>
    );
  }
  return (
    <div className={['dv-root', className].filter(Boolean).join(' ')}>
      {state === null ? (
        <p className="dv-status" role="status">
          <Trans>Loading document…</Trans>
        </p>
      ) : (
        <div className="dv-status" role="alert">
          <p className="dv-error">{state.error}</p>
          <button type="button" className="dv-button dv-text-button" onClick={() => setAttempt((n) => n + 1)}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
    </div>
  );
}

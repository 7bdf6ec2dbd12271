import { useEffect, useState, type ReactNode, type Ref } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { describeOversize } from './document-size';
import { downloadSource } from './download-source';
import { EmailView } from './email/email-view';
import { openPreloadedDocument } from './preload-document';
import { isAbortError, type PagedDocument } from './paged-document';
import { PagedViewer } from './paged-viewer';
import type { PageWordSource } from './page-words';
import type { DocumentSource, DocumentViewerHandle, PageTextInfo, TextHighlight, TextSelection } from './viewer-types';
import './document-viewer.css';

export type DocumentViewerProps = {
  source: DocumentSource;
  /** Text selected on a page (PDF text layer) or the words in a box dragged on it, with its 1-based page. */
  onTextSelected?: (selection: TextSelection) => void;
  /** Words of pages beyond their own text layer (recognised text): box select reads them, and they count as text. */
  wordSources?: readonly PageWordSource[];
  /** Whether the page shown has text to select or box; called as the page or its words change. */
  onPageTextChange?: (info: PageTextInfo) => void;
  /** Marks where this text occurs and scrolls to it (or to `page`). */
  highlight?: TextHighlight | null;
  /** The page to show (1-based); changing it scrolls there. */
  page?: number;
  /** The page shown changed (scrolling, page jump, thumbnails). */
  onPageChange?: (page: number) => void;
  ref?: Ref<DocumentViewerHandle>;
  /** Extra toolbar controls at the start. */
  toolbarStart?: ReactNode;
  className?: string;
};

/**
 * Shows a document of any of the service's six content types: PDF (text selectable), PNG, JPEG, WEBP, multi-page
 * TIFF and email. Fills its parent (give the parent a height).
 */
export function DocumentViewer({ className, ...props }: DocumentViewerProps) {
  return (
    <div className={['dv-root', className].filter(Boolean).join(' ')}>
      <GuardedViewer key={`${sourceKey(props.source)}:${props.source.contentType}`} {...props} />
    </div>
  );
}

const sourceKeys = new WeakMap<ArrayBuffer, number>();
let lastKey = 0;
/** A new document (new bytes, or another URL) starts with fresh viewer state. */
function sourceKey(source: DocumentSource): number | string {
  if (!source.bytes) return source.url;
  let key = sourceKeys.get(source.bytes);
  if (key === undefined) sourceKeys.set(source.bytes, (key = ++lastKey));
  return key;
}

function GuardedViewer(props: DocumentViewerProps) {
  const { source } = props;
  const [openAnyway, setOpenAnyway] = useState(false);
  const oversize = describeOversize(source.bytes ? source.bytes.byteLength : source.length);
  if (oversize && !openAnyway) {
    return (
      <div className="dv-status dv-oversize" role="alert">
        <p>
          <strong>
            <Trans>This document is larger than the service's limit.</Trans>
          </strong>
        </p>
        <p>{oversize}</p>
        <div className="dv-actions">
          <button type="button" className="dv-button dv-text-button" onClick={() => void downloadSource(source)}>
            <Trans>Download</Trans>
          </button>
          <button type="button" className="dv-button dv-text-button" onClick={() => setOpenAnyway(true)}>
            <Trans>Show it anyway</Trans>
          </button>
        </div>
      </div>
    );
  }
  if (source.contentType === 'message/rfc822' && source.bytes) {
    return (
      <EmailView
        source={source}
        toolbarStart={props.toolbarStart}
        renderAttachment={(attachment, back) => (
          <DocumentViewer {...props} source={attachment} toolbarStart={back} page={undefined} wordSources={undefined} />
        )}
      />
    );
  }
  return <PagedDocumentViewer {...props} />;
}

/** Why the document could not be opened, for the operator: a locked PDF in words, else the reader's own message. */
function openFailure(error: unknown): string {
  if ((error as { name?: string } | null)?.name === 'PasswordException')
    return t`The document could not be opened: the PDF is password-protected.`;
  const reason = error instanceof Error ? error.message : String(error);
  return t`The document could not be opened: ${reason}`;
}

type OpenState =
  { status: 'opening' } | { status: 'ready'; doc: PagedDocument } | { status: 'failed'; message: string };

function PagedDocumentViewer({
  source,
  onTextSelected,
  highlight,
  page,
  onPageChange,
  ref,
  toolbarStart,
  wordSources,
  onPageTextChange,
}: DocumentViewerProps) {
  const [state, setState] = useState<OpenState>({ status: 'opening' });
  useEffect(() => {
    const controller = new AbortController();
    let opened: PagedDocument | null = null;
    performance.mark('document-viewer:open');
    openPreloadedDocument(source, controller.signal).then(
      (doc) => {
        if (controller.signal.aborted) return doc.destroy();
        opened = doc;
        setState({ status: 'ready', doc });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setState({ status: 'failed', message: openFailure(error) });
      },
    );
    return () => {
      controller.abort();
      opened?.destroy();
    };
  }, [source]);

  if (state.status === 'opening')
    return (
      <p className="dv-status" role="status">
        <Trans>Opening document…</Trans>
      </p>
    );
  if (state.status === 'failed') {
    return (
      <div className="dv-status" role="alert">
        <p className="dv-error">{state.message}</p>
        <button type="button" className="dv-button dv-text-button" onClick={() => void downloadSource(source)}>
          <Trans>Download the file</Trans>
        </button>
      </div>
    );
  }
  return (
    <PagedViewer
      doc={state.doc}
      source={source}
      onTextSelected={onTextSelected}
      highlight={highlight}
      page={page}
      onPageChange={onPageChange}
      handleRef={ref}
      toolbarStart={toolbarStart}
      wordSources={wordSources}
      onPageTextChange={onPageTextChange}
    />
  );
}

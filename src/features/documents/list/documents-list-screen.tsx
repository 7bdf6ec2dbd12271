import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { documentsListQueryOptions, useDeleteDocument, type DocumentsListParams } from '../../../api/documents';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Document } from '../../../contract';
import { formatBytes } from '../viewer';
import { useUploads, type Upload } from './use-uploads';
import '../ground-truth/ground-truth.css';
import './documents-list.css';

export type DocumentsSearch = {
  datasetId?: string;
  consentId?: string;
  order?: 'ascending' | 'descending';
  cursor?: string;
};

export const documentsListParams = (search: DocumentsSearch): DocumentsListParams => ({
  datasetId: search.datasetId,
  consentId: search.consentId,
  order: search.order,
  nextToken: search.cursor,
  maxResults: 50,
});

export type DocumentsListScreenProps = {
  search: DocumentsSearch;
  onSearchChange: (search: DocumentsSearch) => void;
  readOnly: boolean;
};

const TYPE_LABEL: Record<string, string> = {
  'application/pdf': 'PDF', 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/tiff': 'TIFF', 'image/webp': 'WEBP', 'message/rfc822': 'Email',
};

/** Documents: filters and sort in the URL, drag-and-drop upload with checks before sending, delete with confirmation. */
export function DocumentsListScreen({ search, onSearchChange, readOnly }: DocumentsListScreenProps) {
  const { data } = useSuspenseQuery(documentsListQueryOptions(documentsListParams(search)));
  const uploads = useUploads({ datasetId: search.datasetId });
  const [toDelete, setToDelete] = useState<Document | null>(null);
  const filtered = Boolean(search.datasetId || search.consentId);

  return (
    <div className="docs">
      {!readOnly && <UploadZone onFiles={uploads.add} datasetId={search.datasetId} />}
      {uploads.uploads.length > 0 && (
        <UploadList uploads={uploads.uploads} onRetry={uploads.retry} onDismiss={uploads.dismiss} onClear={uploads.clearFinished} />
      )}

      <Filters search={search} onSearchChange={onSearchChange} />

      {data.documents.length === 0 ? (
        <div className="docs-empty">
          <p><strong>{filtered ? 'No documents match these filters.' : search.cursor ? 'No more documents.' : 'No documents yet.'}</strong></p>
          <p className="muted">
            {filtered ? 'Clear the filters to see every document.' : readOnly ? 'Documents appear here once they are uploaded.' : 'Drop files above or choose them to upload.'}
          </p>
        </div>
      ) : (
        <table className="docs-table">
          <caption className="sr-only">Documents{filtered ? ' (filtered)' : ''}, {search.order === 'ascending' ? 'oldest' : 'newest'} first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Dataset</th>
              <th scope="col" className="num">Ground truth</th>
              <th scope="col">
                <button
                  type="button" className="docs-sort"
                  aria-label={`Created, sorted ${search.order === 'ascending' ? 'oldest' : 'newest'} first; change the order`}
                  onClick={() => onSearchChange({ ...search, cursor: undefined, order: search.order === 'ascending' ? undefined : 'ascending' })}
                >
                  Created {search.order === 'ascending' ? '↑' : '↓'}
                </button>
              </th>
              {!readOnly && <th scope="col"><span className="sr-only">Actions</span></th>}
            </tr>
          </thead>
          <tbody>
            {data.documents.map((document) => (
              <tr key={document.documentId}>
                <td className="docs-name">
                  <Link to="/documents/$documentId" params={{ documentId: document.documentId }}>
                    {document.name || <span className="muted">Untitled</span>}
                  </Link>
                  <span className="docs-id">{document.documentId}</span>
                </td>
                <td>{document.contentType ? TYPE_LABEL[document.contentType] ?? document.contentType : <span className="muted">No file</span>}</td>
                <td>
                  {document.datasetId ? (
                    <button type="button" className="docs-chip" title="Show only this dataset" onClick={() => onSearchChange({ ...search, cursor: undefined, datasetId: document.datasetId! })}>
                      {shortId(document.datasetId)}
                    </button>
                  ) : <span className="muted">—</span>}
                </td>
                <td className="num">{document.groundTruth?.length ?? 0}</td>
                <td className="nowrap">{document.createdTime ? <time dateTime={document.createdTime} title={document.createdTime}>{formatCreated(document.createdTime)}</time> : '—'}</td>
                {!readOnly && (
                  <td className="docs-actions">
                    <button type="button" className="button button--ghost" onClick={() => setToDelete(document)} aria-label={`Delete ${document.name || document.documentId}`}>
                      Delete
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <nav className="docs-pager" aria-label="Pages">
        {search.cursor && <button type="button" className="button" onClick={() => onSearchChange({ ...search, cursor: undefined })}>First page</button>}
        {data.nextToken && <button type="button" className="button" onClick={() => onSearchChange({ ...search, cursor: data.nextToken! })}>Next page</button>}
      </nav>

      <DeleteDialog document={toDelete} onClose={() => setToDelete(null)} />
    </div>
  );
}

const shortId = (id: string) => `${id.split(':').slice(0, 2).join(':')}:…${id.slice(-6)}`;

function formatCreated(time: string): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

function Filters({ search, onSearchChange }: { search: DocumentsSearch; onSearchChange: (search: DocumentsSearch) => void }) {
  const id = useId();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    onSearchChange({ ...search, cursor: undefined, datasetId: value('datasetId'), consentId: value('consentId') });
  };
  return (
    <form className="docs-filters" onSubmit={apply} key={`${search.datasetId}|${search.consentId}`} aria-label="Filter documents">
      <label htmlFor={`${id}-dataset`}>Dataset</label>
      <input id={`${id}-dataset`} name="datasetId" className="input input--mono docs-filter-input" placeholder="svc:dataset:…" defaultValue={search.datasetId ?? ''} spellCheck={false} />
      <label htmlFor={`${id}-consent`}>Consent</label>
      <input id={`${id}-consent`} name="consentId" className="input input--mono docs-filter-input" placeholder="legacy:consent:…" defaultValue={search.consentId ?? ''} spellCheck={false} />
      <button type="submit" className="button">Apply</button>
      {(search.datasetId || search.consentId) && (
        <button type="button" className="button button--ghost" onClick={() => onSearchChange({ order: search.order })}>Clear filters</button>
      )}
    </form>
  );
}

function UploadZone({ onFiles, datasetId }: { onFiles: (files: Iterable<File>) => void; datasetId?: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length) onFiles(event.dataTransfer.files);
  };
  return (
    <div
      className={['docs-drop', over && 'docs-drop--over'].filter(Boolean).join(' ')}
      onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = 'copy'; setOver(true); }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="upload-drop-zone"
    >
      <p>
        <strong>Drop files here to upload</strong>, or{' '}
        <button type="button" className="button button--primary" onClick={() => input.current?.click()}>Choose files</button>
      </p>
      <p className="muted docs-drop__hint">
        PDF, JPEG, PNG, TIFF, WEBP or email (.eml); up to {formatBytes(4_687_500)} each (6,250,000 base64 characters).
        {datasetId ? ` New documents go into dataset ${datasetId}.` : ''}
      </p>
      <input
        ref={input} type="file" multiple hidden aria-label="Files to upload"
        accept=".pdf,.jpg,.jpeg,.png,.tif,.tiff,.webp,.eml,application/pdf,image/*,message/rfc822"
        onChange={(e) => {
          if (e.target.files?.length) onFiles([...e.target.files]);
          e.target.value = '';
        }}
      />
    </div>
  );
}

const STATUS_TEXT: Record<Upload['status'], string> = {
  checking: 'Checking…', refused: 'Not sent', waiting: 'Waiting', uploading: 'Uploading', done: 'Uploaded', failed: 'Failed',
};

function UploadList({ uploads, onRetry, onDismiss, onClear }: {
  uploads: Upload[]; onRetry: (id: number) => void; onDismiss: (id: number) => void; onClear: () => void;
}) {
  const finished = uploads.filter((u) => u.status === 'done' || u.status === 'refused').length;
  return (
    <section className="docs-uploads" aria-label="Uploads">
      <ul>
        {uploads.map((upload) => (
          <li key={upload.id} className={`docs-upload docs-upload--${upload.status}`} aria-label={`Upload of ${upload.file.name}`}>
            <span className="docs-upload__name" title={upload.file.name}>{upload.file.name}</span>
            <span className="docs-upload__meta">{formatBytes(upload.file.size)}{upload.contentType ? ` · ${TYPE_LABEL[upload.contentType]}` : ''}</span>
            <span className="docs-upload__status" role="status">
              {STATUS_TEXT[upload.status]}
              {upload.status === 'uploading' && ` ${Math.round(upload.progress * 100)}%`}
            </span>
            {upload.status === 'uploading' && <progress max={1} value={upload.progress} aria-label={`Uploading ${upload.file.name}`} />}
            {upload.status === 'done' && upload.documentId && (
              <Link to="/documents/$documentId" params={{ documentId: upload.documentId }}>Open</Link>
            )}
            {upload.status === 'failed' && <button type="button" className="button" onClick={() => onRetry(upload.id)}>Retry</button>}
            {(upload.status === 'failed' || upload.status === 'refused') && (
              <button type="button" className="button button--ghost" onClick={() => onDismiss(upload.id)} aria-label={`Dismiss ${upload.file.name}`}>Dismiss</button>
            )}
            {upload.message && <p className="docs-upload__message" role="alert">{upload.message}</p>}
          </li>
        ))}
      </ul>
      {finished > 0 && <button type="button" className="button button--ghost" onClick={onClear}>Clear finished</button>}
    </section>
  );
}

function DeleteDialog({ document, onClose }: { document: Document | null; onClose: () => void }) {
  const remove = useDeleteDocument();
  const entries = document?.groundTruth?.length ?? 0;
  return (
    <ConfirmDialog
      open={document !== null}
      onOpenChange={(open) => { if (!open) onClose(); }}
      title={`Delete ${document?.name ? `“${document.name}”` : 'this document'}?`}
      description={`The document, its file and its ${entries} ground-truth ${entries === 1 ? 'entry' : 'entries'} are removed for good.`}
      confirmLabel="Delete document"
      tone="danger"
      typeToConfirm={document?.name || document?.documentId || ''}
      onConfirm={() => (document ? remove.mutateAsync(document.documentId) : undefined)}
    />
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { documentsListQueryOptions, useDeleteDocument } from '@/api/documents';
import { useCapabilities } from '@/api/capabilities';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { EmptyState } from '@/components/states';
import type { Document } from '@/contract';
import { formatBytes } from '@/widgets/document-viewer';
import { useUploads, type Upload } from './use-uploads';
import { documentsListParams, type DocumentsSearch } from './documents-search';
import '@/widgets/ground-truth/ground-truth.css';
import './documents-list.css';

export type { DocumentsSearch } from './documents-search';
import { useOrganizationScope } from '@/api/organization-scope';

export type DocumentsListScreenProps = {
  search: DocumentsSearch;
  /** Gets an update of the latest search (not of this render's: a second change before the first has loaded must keep it). */
  onSearchChange: (update: (current: DocumentsSearch) => DocumentsSearch) => void;
};

const TYPE_LABEL: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/tiff': 'TIFF',
  'image/webp': 'WEBP',
  'message/rfc822': 'Email',
};

/** Documents: filters and sort in the URL, drag-and-drop upload with checks before sending, delete with confirmation. */
export function DocumentsListScreen({ search, onSearchChange }: DocumentsListScreenProps) {
  const org = useOrganizationScope();
  const readOnly = !useCapabilities().write;
  const { data, isFetching } = useSuspenseQuery(documentsListQueryOptions(org, documentsListParams(search)));
  const uploads = useUploads({ datasetId: search.datasetId });
  const [toDelete, setToDelete] = useState<Document | null>(null);
  const [bulkDelete, setBulkDelete] = useState<{ rows: Document[]; clear: () => void } | null>(null);
  const filtered = Boolean(search.datasetId || search.consentId);

  const columns: ColumnDef<Document, unknown>[] = [
    {
      id: 'name',
      header: 'Name',
      meta: { hideable: false, className: 'wrap' },
      cell: ({ row: { original: d } }) => (
        <div className="docs-name">
          <Link to="/documents/$documentId" params={{ documentId: d.documentId }}>
            {d.name || <span className="muted">Untitled</span>}
          </Link>
          <span className="docs-id">{d.documentId}</span>
        </div>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      cell: ({ row: { original: d } }) =>
        d.contentType ? (TYPE_LABEL[d.contentType] ?? d.contentType) : <span className="muted">No file</span>,
    },
    {
      id: 'dataset',
      header: 'Dataset',
      cell: ({ row: { original: d } }) =>
        d.datasetId ? (
          <button
            type="button"
            className="docs-chip"
            title={`Show only dataset ${d.datasetId}`}
            onClick={() => onSearchChange((s) => ({ ...s, cursor: undefined, datasetId: d.datasetId! }))}
          >
            {shortId(d.datasetId)}
          </button>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      id: 'groundTruth',
      header: 'Ground truth',
      meta: { className: 'num' },
      cell: ({ row: { original: d } }) => d.groundTruth?.length ?? 0,
    },
    {
      id: 'created',
      header: 'Created',
      enableSorting: true,
      cell: ({ row: { original: d } }) => <DateTime value={d.createdTime} />,
    },
  ];
  if (!readOnly) {
    columns.push({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'col-actions', hideable: false, label: 'Actions' },
      cell: ({ row: { original: d } }) => (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => setToDelete(d)}
          aria-label={`Delete ${d.name || d.documentId}`}
        >
          Delete
        </button>
      ),
    });
  }

  return (
    <div className="docs">
      {!readOnly && <UploadZone onFiles={uploads.add} datasetId={search.datasetId} />}
      {uploads.uploads.length > 0 && (
        <UploadList
          uploads={uploads.uploads}
          onRetry={uploads.retry}
          onCancel={uploads.cancel}
          onDismiss={uploads.dismiss}
          onClear={uploads.clearFinished}
        />
      )}

      <DataTable
        label={`Documents${filtered ? ' (filtered)' : ''}`}
        data={data.documents}
        columns={columns}
        getRowId={(d) => d.documentId}
        columnsKey="documents"
        toolbar={<Filters search={search} onSearchChange={onSearchChange} />}
        isFetching={isFetching}
        pagination={{
          scope: `documents:${search.datasetId ?? ''}:${search.consentId ?? ''}:${search.order ?? ''}`,
          noun: ['document', 'documents'],
          search,
          nextToken: data.nextToken,
          onNavigate: (patch) => onSearchChange((s) => ({ ...s, ...patch })),
        }}
        sorting={{
          value: { id: 'created', desc: search.order !== 'ascending' },
          onChange: (sort) =>
            onSearchChange((s) => ({ ...s, cursor: undefined, order: sort && !sort.desc ? 'ascending' : undefined })),
        }}
        selection={
          readOnly
            ? undefined
            : {
                noun: ['document', 'documents'],
                describe: (d) => d.name || d.documentId,
                actions: (rows, clear) => (
                  <button
                    type="button"
                    className="button button--danger"
                    onClick={() => setBulkDelete({ rows, clear })}
                  >
                    Delete {rows.length} {rows.length === 1 ? 'document' : 'documents'}
                  </button>
                ),
              }
        }
        empty={
          <EmptyState
            title={
              filtered ? 'No documents match these filters' : search.cursor ? 'No more documents' : 'No documents yet'
            }
          >
            {filtered
              ? 'Clear the filters to see every document.'
              : readOnly
                ? 'Documents appear here once they are uploaded.'
                : 'Drop files above or choose them to upload.'}
          </EmptyState>
        }
      />

      <DeleteDialog document={toDelete} onClose={() => setToDelete(null)} />
      <BulkDeleteDialog target={bulkDelete} onClose={() => setBulkDelete(null)} />
    </div>
  );
}

const shortId = (id: string) => `${id.split(':').slice(0, 2).join(':')}:…${id.slice(-6)}`;

function Filters({
  search,
  onSearchChange,
}: {
  search: DocumentsSearch;
  onSearchChange: DocumentsListScreenProps['onSearchChange'];
}) {
  const id = useId();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const datasetId = value('datasetId');
    const consentId = value('consentId');
    onSearchChange((s) => ({ ...s, cursor: undefined, datasetId, consentId }));
  };
  return (
    <form
      className="docs-filters"
      onSubmit={apply}
      key={`${search.datasetId}|${search.consentId}`}
      aria-label="Filter documents"
    >
      <label htmlFor={`${id}-dataset`}>Dataset</label>
      <input
        id={`${id}-dataset`}
        name="datasetId"
        className="input input--mono docs-filter-input"
        placeholder="svc:dataset:…"
        defaultValue={search.datasetId ?? ''}
        spellCheck={false}
      />
      <label htmlFor={`${id}-consent`}>Consent</label>
      <input
        id={`${id}-consent`}
        name="consentId"
        className="input input--mono docs-filter-input"
        placeholder="legacy:consent:…"
        defaultValue={search.consentId ?? ''}
        spellCheck={false}
      />
      <button type="submit" className="button">
        Apply
      </button>
      {(search.datasetId || search.consentId) && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onSearchChange((s) => ({ order: s.order }))}
        >
          Clear filters
        </button>
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
      onDragOver={(e) => {
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="upload-drop-zone"
    >
      <p>
        <strong>Drop files here to upload</strong>, or{' '}
        <button type="button" className="button button--primary" onClick={() => input.current?.click()}>
          Choose files
        </button>
      </p>
      <p className="muted docs-drop__hint">
        PDF, JPEG, PNG, TIFF, WEBP or email (.eml); up to 64 MiB each; up to three are sent at once.
        {datasetId ? ` New documents go into dataset ${datasetId}.` : ''}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label="Files to upload"
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
  checking: 'Checking…',
  refused: 'Not sent',
  waiting: 'Waiting',
  uploading: 'Uploading',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** Bytes sent of the file, as a bar and as "1.20 MB of 12.00 MB · 10%". */
function UploadProgressBar({ upload }: { upload: Upload }) {
  const percent = Math.floor((upload.loaded / upload.file.size) * 100);
  return (
    <span className="docs-upload__progress">
      <span
        className="docs-upload__bar"
        role="progressbar"
        aria-label={`Upload of ${upload.file.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span style={{ width: `${percent}%` }} />
      </span>
      <span className="docs-upload__bytes">
        {formatBytes(upload.loaded)} of {formatBytes(upload.file.size)} · {percent}%
      </span>
    </span>
  );
}

function UploadList({
  uploads,
  onRetry,
  onCancel,
  onDismiss,
  onClear,
}: {
  uploads: Upload[];
  onRetry: (id: number) => void;
  onCancel: (id: number) => void;
  onDismiss: (id: number) => void;
  onClear: () => void;
}) {
  const finished = uploads.filter((u) => ['done', 'refused', 'cancelled'].includes(u.status)).length;
  return (
    <section className="docs-uploads" aria-label="Uploads">
      <ul>
        {uploads.map((upload) => (
          <li
            key={upload.id}
            className={`docs-upload docs-upload--${upload.status}`}
            aria-label={`Upload of ${upload.file.name}`}
          >
            <span className="docs-upload__name" title={upload.file.name}>
              {upload.file.name}
            </span>
            <span className="docs-upload__meta">
              {formatBytes(upload.file.size)}
              {upload.contentType ? ` · ${TYPE_LABEL[upload.contentType]}` : ''}
            </span>
            <span className="docs-upload__status" role="status">
              {STATUS_TEXT[upload.status]}
            </span>
            {upload.status === 'uploading' && <UploadProgressBar upload={upload} />}
            {(upload.status === 'uploading' || upload.status === 'waiting') && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => onCancel(upload.id)}
                aria-label={`Cancel the upload of ${upload.file.name}`}
              >
                Cancel
              </button>
            )}
            {upload.status === 'done' && upload.documentId && (
              <Link to="/documents/$documentId" params={{ documentId: upload.documentId }}>
                Open
              </Link>
            )}
            {(upload.status === 'failed' || upload.status === 'cancelled') && (
              <button type="button" className="button" onClick={() => onRetry(upload.id)}>
                Retry
              </button>
            )}
            {(upload.status === 'failed' || upload.status === 'refused' || upload.status === 'cancelled') && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => onDismiss(upload.id)}
                aria-label={`Dismiss ${upload.file.name}`}
              >
                Dismiss
              </button>
            )}
            {upload.message && (
              <p className="docs-upload__message" role="alert">
                {upload.message}
              </p>
            )}
          </li>
        ))}
      </ul>
      {finished > 0 && (
        <button type="button" className="button button--ghost" onClick={onClear}>
          Clear finished
        </button>
      )}
    </section>
  );
}

function DeleteDialog({ document, onClose }: { document: Document | null; onClose: () => void }) {
  const remove = useDeleteDocument();
  const entries = document?.groundTruth?.length ?? 0;
  return (
    <ConfirmDialog
      open={document !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delete ${document?.name ? `“${document.name}”` : 'this document'}?`}
      description={`The document, its file and its ${entries} ground-truth ${entries === 1 ? 'entry' : 'entries'} are removed for good.`}
      confirmLabel="Delete document"
      tone="danger"
      typeToConfirm={document?.name || document?.documentId || ''}
      onConfirm={() => (document ? remove.mutateAsync(document.documentId) : undefined)}
    />
  );
}

function BulkDeleteDialog({
  target,
  onClose,
}: {
  target: { rows: Document[]; clear: () => void } | null;
  onClose: () => void;
}) {
  const remove = useDeleteDocument();
  const count = target?.rows.length ?? 0;
  const noun = count === 1 ? 'document' : 'documents';
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={`Delete ${count} ${noun}?`}
      description={`${target?.rows.map((d) => d.name || d.documentId).join(', ')}: their files and ground truth are removed for good.`}
      confirmLabel={`Delete ${count} ${noun}`}
      tone="danger"
      typeToConfirm={`delete ${count}`}
      onConfirm={async () => {
        if (!target) return;
        for (const d of target.rows) await remove.mutateAsync(d.documentId);
        target.clear();
      }}
    />
  );
}

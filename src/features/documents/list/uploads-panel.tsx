import { Link } from '@tanstack/react-router';
import { useRef, useState, type DragEvent } from 'react';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n/i18n';
import { formatBytes, formatPercent } from '@/i18n/format';
import { contentTypeLabel } from '@/components/content-type-label';
import type { Upload } from './use-uploads';

/** Drop files (or choose them) to upload, into the dataset filtered on when there is one. */
export function UploadZone({ onFiles, datasetId }: { onFiles: (files: Iterable<File>) => void; datasetId?: string }) {
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
        <Trans>
          <strong>Drop files here to upload</strong>, or{' '}
          <button type="button" className="button button--primary" onClick={() => input.current?.click()}>
            Choose files
          </button>
        </Trans>
      </p>
      <p className="muted docs-drop__hint">
        <Trans>PDF, JPEG, PNG, TIFF, WEBP or email (.eml); up to 64 MiB each; up to three are sent at once.</Trans>
        {datasetId ? <> {t`New documents go into dataset ${datasetId}.`}</> : null}
      </p>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t`Files to upload`}
        accept=".pdf,.jpg,.jpeg,.png,.tif,.tiff,.webp,.eml,application/pdf,image/*,message/rfc822"
        onChange={(e) => {
          if (e.target.files?.length) onFiles([...e.target.files]);
          e.target.value = '';
        }}
      />
    </div>
  );
}

const STATUS_TEXT: Record<Upload['status'], MessageDescriptor> = {
  checking: msg`Checking…`,
  refused: msg`Not sent`,
  waiting: msg`Waiting`,
  uploading: msg`Uploading`,
  done: msg`Uploaded`,
  failed: msg`Failed`,
  cancelled: msg`Cancelled`,
};

/** Bytes sent of the file, as a bar and as "1.20 MB of 12.00 MB · 10%". */
function UploadProgressBar({ upload }: { upload: Upload }) {
  const percent = Math.floor((upload.loaded / upload.file.size) * 100);
  const fileName = upload.file.name;
  const sent = formatBytes(upload.loaded);
  const size = formatBytes(upload.file.size);
  const share = formatPercent(percent / 100);
  return (
    <span className="docs-upload__progress">
      <span
        className="docs-upload__bar"
        role="progressbar"
        aria-label={t`Upload of ${fileName}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={share}
      >
        <span style={{ width: `${percent}%` }} />
      </span>
      <span className="docs-upload__bytes">
        <Trans>
          {sent} of {size} · {share}
        </Trans>
      </span>
    </span>
  );
}

/** The uploads of this visit: progress, cancel, retry, dismiss, and a link to each uploaded document. */
export function UploadList({
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
    <section className="docs-uploads" aria-label={t`Uploads`}>
      <ul>
        {uploads.map((upload) => (
          <UploadItem key={upload.id} upload={upload} onRetry={onRetry} onCancel={onCancel} onDismiss={onDismiss} />
        ))}
      </ul>
      {finished > 0 && (
        <button type="button" className="button button--ghost" onClick={onClear}>
          <Trans>Clear finished</Trans>
        </button>
      )}
    </section>
  );
}

/** One upload: its name, size and type, status, progress, and what can be done with it now. */
function UploadItem({
  upload,
  onRetry,
  onCancel,
  onDismiss,
}: {
  upload: Upload;
  onRetry: (id: number) => void;
  onCancel: (id: number) => void;
  onDismiss: (id: number) => void;
}) {
  const fileName = upload.file.name;
  return (
    <li className={`docs-upload docs-upload--${upload.status}`} aria-label={t`Upload of ${fileName}`}>
      <span className="docs-upload__name" title={upload.file.name}>
        {upload.file.name}
      </span>
      <span className="docs-upload__meta">
        {formatBytes(upload.file.size)}
        {upload.contentType ? ` · ${contentTypeLabel(upload.contentType)}` : ''}
      </span>
      <span className="docs-upload__status" role="status">
        {i18n._(STATUS_TEXT[upload.status])}
      </span>
      {upload.status === 'uploading' && <UploadProgressBar upload={upload} />}
      {(upload.status === 'uploading' || upload.status === 'waiting') && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onCancel(upload.id)}
          aria-label={t`Cancel the upload of ${fileName}`}
        >
          <Trans>Cancel</Trans>
        </button>
      )}
      {upload.status === 'done' && upload.documentId && (
        <Link to="/documents/$documentId" params={{ documentId: upload.documentId }}>
          <Trans>Open</Trans>
        </Link>
      )}
      {(upload.status === 'failed' || upload.status === 'cancelled') && (
        <button type="button" className="button" onClick={() => onRetry(upload.id)}>
          <Trans>Retry</Trans>
        </button>
      )}
      {(upload.status === 'failed' || upload.status === 'refused' || upload.status === 'cancelled') && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onDismiss(upload.id)}
          aria-label={t`Dismiss ${fileName}`}
        >
          <Trans>Dismiss</Trans>
        </button>
      )}
      {upload.message && (
        <p className="docs-upload__message" role="alert">
          {upload.message}
        </p>
      )}
    </li>
  );
}

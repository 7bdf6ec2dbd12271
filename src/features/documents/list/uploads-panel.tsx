import { Link } from '@tanstack/react-router';
import { useRef, useState, type DragEvent } from 'react';
import { formatBytes } from '@/widgets/document-viewer';
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
              {upload.contentType ? ` · ${contentTypeLabel(upload.contentType)}` : ''}
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

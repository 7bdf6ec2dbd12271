import { useCallback, useRef, useState } from 'react';
import { useCreateDocument } from '@/api/documents';
import { explainError } from '@/api/errors';
import { newIdempotencyKey } from '@/api/idempotent-create';
import type { ContentType } from '@/contract';
import { encodeBase64 } from '@/widgets/document-viewer';
import { checkFile } from './upload-file';

export type Upload = {
  id: number;
  file: File;
  status: 'checking' | 'refused' | 'waiting' | 'uploading' | 'done' | 'failed';
  contentType?: ContentType;
  /** 0…1 while uploading. */
  progress: number;
  message?: string;
  documentId?: string;
};

let nextId = 0;

/**
 * The upload queue: files are checked at once (type, size) and sent one after another; a failed one keeps its file
 * so it can be retried.
 */
export function useUploads({ datasetId }: { datasetId?: string }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const create = useCreateDocument();
  const running = useRef(false);
  const queue = useRef<{ id: number; contentType: ContentType; bytes: ArrayBuffer; file: File }[]>([]);
  /** One Idempotency-Key per upload, kept for its retries: a retry after a timeout cannot create the document twice. */
  const keys = useRef(new Map<number, string>());

  const patch = useCallback((id: number, change: Partial<Upload>) => {
    setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));
  }, []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const { id, contentType, bytes, file } = next;
        patch(id, { status: 'uploading', progress: 0, message: undefined });
        try {
          const document = await create.mutateAsync({
            body: {
              content: encodeBase64(bytes),
              contentType,
              name: file.name,
              ...(datasetId ? { datasetId } : {}),
            },
            onProgress: ({ loaded, total }) => patch(id, { progress: total ? loaded / total : 0 }),
            idempotencyKey: keys.current.get(id),
          });
          patch(id, { status: 'done', progress: 1, documentId: document.documentId });
        } catch (error) {
          const { title, detail } = explainError(error);
          patch(id, { status: 'failed', message: `${title}: ${detail}` });
        }
      }
    } finally {
      running.current = false;
    }
  }, [create, datasetId, patch]);

  const enqueue = useCallback(
    async (id: number, file: File) => {
      patch(id, { status: 'checking', message: undefined });
      const checked = await checkFile(file);
      if (!checked.ok) return patch(id, { status: 'refused', message: checked.reason });
      patch(id, { status: 'waiting', contentType: checked.contentType });
      queue.current.push({ id, file, contentType: checked.contentType, bytes: checked.bytes });
      void pump();
    },
    [patch, pump],
  );

  const add = useCallback(
    (files: Iterable<File>) => {
      const added = [...files].map((file): Upload => ({ id: ++nextId, file, status: 'checking', progress: 0 }));
      for (const upload of added) keys.current.set(upload.id, newIdempotencyKey());
      setUploads((all) => [...added, ...all]);
      for (const upload of added) void enqueue(upload.id, upload.file);
    },
    [enqueue],
  );

  const retry = useCallback(
    (id: number) => {
      const upload = uploads.find((u) => u.id === id);
      if (upload) void enqueue(id, upload.file);
    },
    [uploads, enqueue],
  );

  const dismiss = useCallback((id: number) => {
    keys.current.delete(id);
    setUploads((all) => all.filter((u) => u.id !== id));
  }, []);
  const clearFinished = useCallback(
    () => setUploads((all) => all.filter((u) => u.status !== 'done' && u.status !== 'refused')),
    [],
  );

  return { uploads, add, retry, dismiss, clearFinished };
}

import { useCallback, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { putDocumentFile } from '@/api/document-files';
import { useDeleteDocument } from '@/api/documents';
import { useCreateDocument } from '@/api/document-upload';
import { explainError } from '@/api/errors';
import { newIdempotencyKey } from '@/api/idempotent-create';
import type { ContentType, Document } from '@/contract';
import { checkFile } from './upload-file';

export type Upload = {
  id: number;
  file: File;
  status: 'checking' | 'refused' | 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';
  contentType?: ContentType;
  /** Bytes of the file sent so far. */
  loaded: number;
  message?: string;
  documentId?: string;
};

/** Files sent at once; the others wait their turn. Three keep a link busy without starving the console's reads. */
const PARALLEL_UPLOADS = 3;

let nextId = 0;

type Patch = (id: number, change: Partial<Upload>) => void;

/**
 * The upload queue. Every file goes as the service's own clients send it: `POST /documents` with the metadata, then
 * the file itself as the body of `PUT {fileUrl}` (through the BFF), streamed from disk with progress — one path for
 * every size up to 64 MiB, no base64 (a third larger, and held in memory). A failed or cancelled upload removes the
 * document it created, so no document without a file is left behind (or says which one could not be removed).
 */
export function useUploads({ datasetId }: { datasetId?: string }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const patch = useCallback((id: number, change: Partial<Upload>) => {
    setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...change } : u)));
  }, []);

  const { send, abort } = useSendFile({ datasetId, patch });
  const { enqueue, unqueue } = useUploadQueue({ send, patch });

  const add = useCallback(
    (files: Iterable<File>) => {
      const added = [...files].map((file): Upload => ({ id: ++nextId, file, status: 'checking', loaded: 0 }));
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

  /** Stops a running upload (its document is removed) or takes a waiting one out of the queue. */
  const cancel = useCallback(
    (id: number) => {
      if (abort(id)) return;
      if (unqueue(id)) patch(id, { status: 'cancelled', message: t`Cancelled before it was sent.` });
    },
    [abort, patch, unqueue],
  );

  const dismiss = useCallback((id: number) => setUploads((all) => all.filter((u) => u.id !== id)), []);
  const clearFinished = useCallback(
    () =>
      setUploads((all) => all.filter((u) => u.status !== 'done' && u.status !== 'refused' && u.status !== 'cancelled')),
    [],
  );

  return { uploads, add, retry, cancel, dismiss, clearFinished };
}

/**
 * Sends one checked file: creates its document (into `datasetId` when the list is filtered to one), puts the file
 * with progress, and on failure or cancel removes the document it created. `abort` cancels a send under way.
 */
function useSendFile({ datasetId, patch }: { datasetId?: string; patch: Patch }) {
  const running = useRef(new Map<number, AbortController>());
  const create = useCreateDocument();
  const remove = useDeleteDocument();

  /** Removes the document a failed upload created; the sentence that says what became of it. */
  const removeCreated = useCallback(
    async (document: Document): Promise<string> => {
      try {
        await remove.mutateAsync(document.documentId);
        return t`The document created for it was removed.`;
      } catch (error) {
        const { detail } = explainError(error);
        const documentId = document.documentId;
        return t`The document created for it (${documentId}) has no file and could not be removed: ${detail} Delete it from the list.`;
      }
    },
    [remove],
  );

  const send = useCallback(
    async (id: number, file: File, contentType: ContentType) => {
      const controller = new AbortController();
      running.current.set(id, controller);
      patch(id, { status: 'uploading', loaded: 0, message: undefined, documentId: undefined });
      let created: Document | undefined;
      try {
        created = await create.mutateAsync({
          body: { contentType, name: file.name, ...(datasetId ? { datasetId } : {}) },
          signal: controller.signal,
          // A fresh key per attempt: a retry after a removed document must create a new one, not replay the old.
          idempotencyKey: newIdempotencyKey(),
        });
        if (!created.fileUrl) throw new Error(t`The service answered without a fileUrl to upload the file to.`);
        const stored = await putDocumentFile(created.fileUrl, file, contentType, {
          signal: controller.signal,
          onProgress: ({ loaded }) => patch(id, { loaded }),
        });
        patch(id, { status: 'done', loaded: file.size, documentId: stored.documentId });
      } catch (error) {
        const cancelled = controller.signal.aborted;
        const { title, detail } = explainError(error);
        const what = cancelled ? t`Cancelled.` : t`${title}: ${detail}`;
        const cleanup = created ? await removeCreated(created) : null;
        // Two whole sentences side by side: what happened, then what became of the document it created.
        patch(id, { status: cancelled ? 'cancelled' : 'failed', message: cleanup ? `${what} ${cleanup}` : what });
      } finally {
        running.current.delete(id);
      }
    },
    [create, datasetId, patch, removeCreated],
  );

  /** Aborts the send of `id` if it is under way; false when it is not. */
  const abort = useCallback((id: number) => {
    const controller = running.current.get(id);
    controller?.abort();
    return controller !== undefined;
  }, []);

  return { send, abort };
}

type SendFile = (id: number, file: File, contentType: ContentType) => Promise<void>;

/** Checks each file, then queues it for workers (up to PARALLEL_UPLOADS) that send the waiting files in turn. */
function useUploadQueue({ send, patch }: { send: SendFile; patch: Patch }) {
  const queue = useRef<{ id: number; contentType: ContentType; file: File }[]>([]);
  const workers = useRef(0);

  /** Starts workers (up to PARALLEL_UPLOADS), each taking the next waiting file until none is left. */
  const pump = useCallback(() => {
    const work = async () => {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        await send(next.id, next.file, next.contentType);
      }
      workers.current--;
    };
    while (workers.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      workers.current++;
      void work();
    }
  }, [send]);

  const enqueue = useCallback(
    async (id: number, file: File) => {
      patch(id, { status: 'checking', message: undefined, loaded: 0 });
      const checked = await checkFile(file);
      if (!checked.ok) return patch(id, { status: 'refused', message: checked.reason });
      patch(id, { status: 'waiting', contentType: checked.contentType });
      queue.current.push({ id, file, contentType: checked.contentType });
      pump();
    },
    [patch, pump],
  );

  /** Takes a waiting file out of the queue; false when it was not waiting. */
  const unqueue = useCallback((id: number) => {
    const before = queue.current.length;
    queue.current = queue.current.filter((item) => item.id !== id);
    return queue.current.length < before;
  }, []);

  return { enqueue, unqueue };
}

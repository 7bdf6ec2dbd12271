/**
 * Document files through the BFF's file proxy: `GET /bff/file?url=<fileUrl>` (ranges too) and `PUT` of the raw bytes
 * (a `File` as the body: the browser streams it from disk, nothing is base64-encoded or held in memory). Uploads use
 * XHR because fetch cannot report upload progress, opened by ./bff-fetch.ts (`X-CSRF: 1`, the session cookie).
 */
import { t } from '@lingui/core/macro';
import { describeZodError, documentSchema, type Document } from '@/contract';
import { openBffXhr } from './bff-fetch';
import { ApiError, NetworkError, requestIdOf, ResponseShapeError, statusLine } from './errors';

/** The BFF's file proxy URL for a document's `fileUrl` (or `ocrFileUrl`, a run's `variablesFileUrl`). */
export const fileProxyUrl = (fileUrl: string) => `/bff/file?url=${encodeURIComponent(fileUrl)}`;

/** The DOMException name of a cancelled upload (what callers test for). */
const ABORT_ERROR = 'AbortError';

/** Bytes of a request body sent so far. */
export type UploadProgress = { loaded: number; total: number };

export interface XhrSend {
  method: 'POST' | 'PUT';
  url: string;
  /** Names the call, after the method, in error messages: "/documents" → "POST /documents". */
  target: string;
  headers: Record<string, string>;
  body: XMLHttpRequestBodyInit;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends one request by XHR with upload progress and answers with the document it returns. Rejects with the client's
 * typed errors, or an AbortError when `signal` aborts it.
 */
export function sendForDocument({
  method,
  url,
  target,
  headers,
  body,
  onProgress,
  signal,
}: XhrSend): Promise<Document> {
  const label = `${method} ${target}`;
  const cancelled = () => new DOMException(t`The upload was cancelled.`, ABORT_ERROR);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled());
    const xhr = openBffXhr(method, url);
    xhr.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onerror = () => reject(new NetworkError(t`${label} could not reach the console server.`, label));
    xhr.onabort = () => reject(cancelled());
    xhr.onload = () => {
      const text = xhr.responseText;
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const message =
          data && typeof (data as { message?: unknown }).message === 'string'
            ? (data as { message: string }).message
            : statusLine(xhr.status, xhr.statusText);
        const headers = { get: (name: string) => xhr.getResponseHeader(name) };
        return reject(new ApiError(xhr.status, message, label, requestIdOf(headers)));
      }
      const parsed = documentSchema.safeParse(data);
      if (!parsed.success) {
        const problem = describeZodError(parsed.error, data, 'response');
        return reject(new ResponseShapeError(t`${label} answered with an unexpected shape: ${problem}`, label));
      }
      resolve(parsed.data);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** `PUT {fileUrl}` through the BFF: the file itself is the body, with its content type. */
export function putDocumentFile(
  fileUrl: string,
  file: Blob,
  contentType: string,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<Document> {
  return sendForDocument({
    method: 'PUT',
    url: fileProxyUrl(fileUrl),
    target: 'fileUrl',
    headers: { 'Content-Type': contentType },
    body: file,
    ...options,
  });
}

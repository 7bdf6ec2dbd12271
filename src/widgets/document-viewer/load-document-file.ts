import { bffFetch } from '@/api/bff-fetch';
import { fileProxyUrl } from '@/api/document-files';
import { t } from '@lingui/core/macro';
import {
  MAX_DOCUMENT_BYTES,
  describeOversize,
  normalizeContentType,
  sniffContentType,
  type ContentType,
} from './document-size';
import type { DocumentSource } from './viewer-types';

/** A file that could not be fetched or shown; `message` is meant for the operator. */
export class DocumentFileError extends Error {
  constructor(
    message: string,
    readonly reason: 'too-large' | 'http' | 'unsupported-type' | 'network',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DocumentFileError';
  }
}

export { fileProxyUrl };

export type LoadDocumentFileOptions = {
  /** The document's declared content type; wins over a generic response header. */
  contentType?: ContentType | null;
  name?: string;
  signal?: AbortSignal;
  /** Largest accepted file; defaults to the seed's content limit. */
  maxBytes?: number;
  fetch?: typeof fetch;
};

/** The first part of a PDF asked for: a small PDF arrives whole in it, a larger one is then read by range. */
const PDF_PROBE_BYTES = 64 * 1024;

/**
 * Fetches a document's bytes through the BFF's file proxy (`GET /bff/file?url=…`, by bffFetch). Stops reading once the file exceeds `maxBytes` so an oversized file is explained, not buffered.
 *
 * A PDF is asked for by range first: when the server answers 206 and the file is larger than that part, the source
 * is its URL and size, and pdf.js reads only the parts it shows. A server that ignores the range answers 200 with
 * the whole file, read as before.
 */
export async function loadDocumentFile(
  fileUrl: string,
  options: LoadDocumentFileOptions = {},
): Promise<DocumentSource> {
  const maxBytes = options.maxBytes ?? MAX_DOCUMENT_BYTES;
  const byRange = options.contentType === 'application/pdf';
  let response: Response;
  try {
    response = await bffFetch(fileProxyUrl(fileUrl), {
      method: 'GET',
      headers: byRange ? { Range: `bytes=0-${PDF_PROBE_BYTES - 1}` } : {},
      signal: options.signal,
      fetch: options.fetch,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new DocumentFileError(t`The document could not be fetched: the console server did not answer.`, 'network');
  }
  if (!response.ok) throw new DocumentFileError(await fetchFailure(response), 'http', response.status);
  const total = response.status === 206 ? rangeTotal(response.headers.get('Content-Range')) : undefined;
  if (total !== undefined && total > PDF_PROBE_BYTES) {
    await response.body?.cancel();
    if (total > maxBytes) throw new DocumentFileError(tooLarge(total), 'too-large');
    return { url: fileProxyUrl(fileUrl), length: total, contentType: 'application/pdf', name: options.name };
  }
  const declaredLength = Number(response.headers.get('Content-Length') ?? NaN);
  if (declaredLength > maxBytes) {
    await response.body?.cancel();
    throw new DocumentFileError(tooLarge(declaredLength), 'too-large');
  }
  const bytes = await readAtMost(response, maxBytes);
  if (!bytes) throw new DocumentFileError(tooLarge(maxBytes + 1, true), 'too-large');

  const contentType =
    options.contentType ?? normalizeContentType(response.headers.get('Content-Type')) ?? sniffContentType(bytes);
  if (!contentType) {
    const declaredType = response.headers.get('Content-Type');
    throw new DocumentFileError(
      declaredType === null
        ? t`The file's type (none) is not one the viewer shows.`
        : t`The file's type (${declaredType}) is not one the viewer shows.`,
      'unsupported-type',
    );
  }
  return { bytes, contentType, name: options.name };
}

/** The service's own explanation when it gives one (its JSON `message`), else the HTTP status. */
async function fetchFailure(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') {
      const serviceMessage = body.message;
      return t`The document could not be fetched: ${serviceMessage}`;
    }
  } catch {
    /* not JSON: say the status */
  }
  const status = response.status;
  return t`The document could not be fetched (HTTP ${status}).`;
}

/** Why a file over the limit is not shown (a smaller `maxBytes` than the service's may still refuse it). */
function tooLarge(byteLength: number, atLeast = false): string {
  return describeOversize(byteLength, atLeast) ?? t`The document is too large to show.`;
}

/** The complete size in `Content-Range: bytes 0-65535/1234567`, when it is known. */
function rangeTotal(header: string | null): number | undefined {
  const match = /^bytes \d+-\d+\/(\d+)$/.exec(header?.trim() ?? '');
  return match ? Number(match[1]) : undefined;
}

/** The body as one buffer, or null once it grows past `maxBytes`. */
async function readAtMost(response: Response, maxBytes: number): Promise<ArrayBuffer | null> {
  if (!response.body) {
    const buffer = await response.arrayBuffer();
    return buffer.byteLength > maxBytes ? null : buffer;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out.buffer;
}

/**
 * Checks a file before it is sent: its content type (declared, else sniffed from the bytes, else `.eml`) and its size
 * against the seed's 6,250,000-character base64 limit. Pure apart from reading the file.
 */
import { MAX_CONTENT_LENGTH, type ContentType } from '@/contract';
import {
  base64Length,
  formatBytes,
  MAX_DOCUMENT_BYTES,
  normalizeContentType,
  sniffContentType,
} from '@/widgets/document-viewer';

export type CheckedFile = { ok: true; contentType: ContentType; bytes: ArrayBuffer } | { ok: false; reason: string };

export function sizeProblem(size: number): string | null {
  if (size === 0) return 'The file is empty.';
  const chars = base64Length(size);
  if (chars <= MAX_CONTENT_LENGTH) return null;
  return `Too large: ${formatBytes(size)} is ${chars.toLocaleString('en-US')} base64 characters; a document holds at most ${MAX_CONTENT_LENGTH.toLocaleString('en-US')} (${formatBytes(MAX_DOCUMENT_BYTES)} of file). Not sent.`;
}

export async function checkFile(file: File): Promise<CheckedFile> {
  const tooBig = sizeProblem(file.size);
  if (tooBig) return { ok: false, reason: tooBig };
  const bytes = await file.arrayBuffer();
  const contentType =
    sniffContentType(bytes) ??
    normalizeContentType(file.type) ??
    (/\.eml$/i.test(file.name) || file.type === 'message/rfc822' ? 'message/rfc822' : null);
  if (!contentType) {
    return {
      ok: false,
      reason: `Not a supported type (${file.type || 'unknown type'}): upload PDF, JPEG, PNG, TIFF, WEBP or email (.eml).`,
    };
  }
  return { ok: true, contentType, bytes };
}

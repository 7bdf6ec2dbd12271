/**
 * Checks a file before it is sent: its size (the service takes files of up to 64 MiB) and its content type (sniffed
 * from the first bytes, else declared, else `.eml`). Reads 16 bytes of the file, never all of it.
 */
import { t } from '@lingui/core/macro';
import type { ContentType } from '@/contract';
import { formatBytes } from '@/i18n/format';
import { normalizeContentType, sniffContentType } from '@/widgets/document-viewer';

/** The service's file size limit on `PUT {fileUrl}` (and the BFF's on `PUT /bff/file`). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

export type CheckedFile = { ok: true; contentType: ContentType } | { ok: false; reason: string };

export function sizeProblem(size: number): string | null {
  if (size === 0) return t`The file is empty.`;
  if (size <= MAX_UPLOAD_BYTES) return null;
  const fileSize = formatBytes(size);
  const limit = formatBytes(MAX_UPLOAD_BYTES);
  return t`Too large: ${fileSize}; the service takes files of up to ${limit} (64 MiB). Not sent.`;
}

export async function checkFile(file: File): Promise<CheckedFile> {
  const tooBig = sizeProblem(file.size);
  if (tooBig) return { ok: false, reason: tooBig };
  const head = await file.slice(0, 16).arrayBuffer();
  const contentType =
    sniffContentType(head) ??
    normalizeContentType(file.type) ??
    (/\.eml$/i.test(file.name) || file.type === 'message/rfc822' ? 'message/rfc822' : null);
  if (!contentType) {
    const fileType = file.type || t`unknown type`;
    return {
      ok: false,
      reason: t`Not a supported type (${fileType}): upload PDF, JPEG, PNG, TIFF, WEBP or email (.eml).`,
    };
  }
  return { ok: true, contentType };
}

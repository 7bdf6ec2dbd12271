import { CONTENT_TYPES } from '@/contract';
import { formatBytes } from '@/i18n/format';
import { t } from '@lingui/core/macro';

export type ContentType = (typeof CONTENT_TYPES)[number];

/** Largest file the service stores (`PUT {fileUrl}`, 64 MiB) and so the largest the viewer expects. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/**
 * Why a file of this size cannot be a document, or null when it fits. `atLeast`: the size is a lower bound (the
 * download was stopped once it passed the limit).
 */
export function describeOversize(byteLength: number, atLeast = false): string | null {
  if (byteLength <= MAX_DOCUMENT_BYTES) return null;
  const limit = formatBytes(MAX_DOCUMENT_BYTES);
  if (atLeast) return t`This file is over ${limit}; the service stores files of up to ${limit} (64 MiB).`;
  const size = formatBytes(byteLength);
  return t`This file is ${size}; the service stores files of up to ${limit} (64 MiB).`;
}

export function isContentType(value: string): value is ContentType {
  return (CONTENT_TYPES as readonly string[]).includes(value);
}

/** `image/png; charset=x` → `image/png`; aliases a server may send for the six supported types. */
export function normalizeContentType(header: string | null | undefined): ContentType | null {
  const bare = (header ?? '').split(';')[0].trim().toLowerCase();
  const aliased =
    (
      {
        'image/jpg': 'image/jpeg',
        'image/pjpeg': 'image/jpeg',
        'image/tif': 'image/tiff',
        'application/x-pdf': 'application/pdf',
      } as Record<string, string>
    )[bare] ?? bare;
  return isContentType(aliased) ? aliased : null;
}

/** Content type from the first bytes, for files whose declared type is missing or generic. */
export function sniffContentType(bytes: ArrayBuffer): ContentType | null {
  const b = new Uint8Array(bytes, 0, Math.min(16, bytes.byteLength));
  const ascii = String.fromCharCode(...b);
  if (ascii.startsWith('%PDF-')) return 'application/pdf';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii.startsWith('\x89PNG')) return 'image/png';
  if (ascii.startsWith('II*\0') || ascii.startsWith('MM\0*')) return 'image/tiff';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

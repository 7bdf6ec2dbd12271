import { bffFetch } from '@/api/bff-fetch';

/** Bytes to save, or a same-origin URL to fetch them from; the type may be any MIME type (email attachments). */
type Downloadable =
  | { bytes: ArrayBuffer; url?: undefined; contentType: string; name?: string }
  | { bytes?: undefined; url: string; contentType: string; name?: string };

const extensions: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/tiff': 'tif',
  'image/webp': 'webp',
  'message/rfc822': 'eml',
};

export function downloadName(source: Downloadable): string {
  const ext = extensions[source.contentType] ?? 'bin';
  const name = source.name?.trim() || 'document';
  return /\.[a-z0-9]{2,5}$/i.test(name) ? name : `${name}.${ext}`;
}

/**
 * Saves the bytes under the document's name through a short-lived blob URL. A file read by range is fetched whole
 * first (through the BFF, which wants X-CSRF even on reads: a plain link cannot carry it).
 */
export async function downloadSource(source: Downloadable) {
  const blob = source.bytes
    ? new Blob([source.bytes], { type: source.contentType })
    : await bffFetch(source.url).then((r) => r.blob());
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(source);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

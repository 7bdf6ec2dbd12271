import type { ContentType } from './document-size';
import type { PagedDocument } from './paged-document';

/** Opens a paged format; the format's code (pdf.js is ≈1 MB) loads only when such a document is opened. */
export async function openPagedDocument(
  bytes: ArrayBuffer,
  contentType: ContentType,
  signal: AbortSignal,
): Promise<PagedDocument> {
  switch (contentType) {
    case 'application/pdf':
      return (await import('./pdf/pdf-document')).openPdfDocument(bytes, signal);
    case 'image/tiff':
      return (await import('./tiff/tiff-document')).openTiffDocument(bytes, signal);
    case 'image/png':
    case 'image/jpeg':
    case 'image/webp':
      return (await import('./image/image-document')).openImageDocument(bytes, contentType, signal);
    default:
      throw new Error(`${contentType} is not a paged format.`);
  }
}

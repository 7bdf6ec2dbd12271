import type { PagedDocument } from './paged-document';
import type { DocumentSource } from './viewer-types';

/**
 * Opens a paged format; the format's code (pdf.js is ≈1 MB) loads only when such a document is opened. A PDF with a
 * URL is read by range.
 */
export async function openPagedDocument(source: DocumentSource, signal: AbortSignal): Promise<PagedDocument> {
  if (!source.bytes) return (await import('./pdf/pdf-document')).openPdfDocument(source, signal);
  const { bytes, contentType } = source;
  switch (contentType) {
    case 'application/pdf':
      return (await import('./pdf/pdf-document')).openPdfDocument({ bytes }, signal);
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

/** How the console names a document's content type in lists and panels: short words, not MIME types. */
const CONTENT_TYPE_LABEL: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/tiff': 'TIFF',
  'image/webp': 'WEBP',
  'message/rfc822': 'Email',
};

/** The short name of `contentType`; a type the console has no word for is shown as it is. */
export const contentTypeLabel = (contentType: string) => CONTENT_TYPE_LABEL[contentType] ?? contentType;

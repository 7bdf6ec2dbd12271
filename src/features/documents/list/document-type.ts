/** How the console names a content type in lists: short words, not MIME types. */
export const TYPE_LABEL: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/tiff': 'TIFF',
  'image/webp': 'WEBP',
  'message/rfc822': 'Email',
};

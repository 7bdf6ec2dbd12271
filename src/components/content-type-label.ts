import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/i18n/i18n';

/** How the console names a document's content type in lists and panels: short words, not MIME types. */
const CONTENT_TYPE_LABEL: Record<string, string | MessageDescriptor> = {
  // Format names, the same in every language.
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/tiff': 'TIFF',
  'image/webp': 'WEBP',
  'message/rfc822': msg`Email`,
};

/** The short name of `contentType`; a type the console has no word for is shown as it is. */
export function contentTypeLabel(contentType: string): string {
  const label = CONTENT_TYPE_LABEL[contentType];
  if (label === undefined) return contentType;
  return typeof label === 'string' ? label : i18n._(label);
}

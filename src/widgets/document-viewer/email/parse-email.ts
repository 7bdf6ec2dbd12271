import PostalMime from 'postal-mime';
import { encodeBase64 } from '@/widgets/document-viewer/base64';
import { formatBytes } from '@/i18n/format';
import { normalizeContentType, sniffContentType, type ContentType } from '@/widgets/document-viewer/document-size';
import { t } from '@lingui/core/macro';
import { emailFrameDocument, normalizeContentId, sanitizeEmailHtml } from './email-html';

export type EmailAddress = { name: string; address: string };
export type EmailAttachment = {
  name: string;
  mimeType: string;
  size: string;
  bytes: ArrayBuffer;
  /** Set when the viewer can open it. */
  viewerType: ContentType | null;
  inline: boolean;
};
export type ParsedEmail = {
  subject: string;
  from: EmailAddress[];
  to: EmailAddress[];
  cc: EmailAddress[];
  date: string | null;
  /** The frame document (sanitized, CSP first) or null for a text-only message. */
  frameHtml: string | null;
  text: string | null;
  blockedRemote: number;
  attachments: EmailAttachment[];
};

type PostalAddress = { name: string; address?: string; group?: PostalAddress[] };

function flatten(list: PostalAddress[] | PostalAddress | undefined): EmailAddress[] {
  const items = Array.isArray(list) ? list : list ? [list] : [];
  return items.flatMap((a) => (a.group ? flatten(a.group) : [{ name: a.name ?? '', address: a.address ?? '' }]));
}

const toBuffer = (content: ArrayBuffer | Uint8Array | string): ArrayBuffer =>
  typeof content === 'string'
    ? (new TextEncoder().encode(content).buffer as ArrayBuffer)
    : content instanceof Uint8Array
      ? (content.slice().buffer as ArrayBuffer)
      : content;

/** Parses a message/rfc822 file: headers, sanitized HTML body (remote content blocked), attachments. */
export async function parseEmail(bytes: ArrayBuffer): Promise<ParsedEmail> {
  const email = await PostalMime.parse(bytes.slice(0));
  const attachments: EmailAttachment[] = email.attachments.map((a, i) => {
    const data = toBuffer(a.content);
    const attachmentNumber = i + 1;
    const viewerType =
      normalizeContentType(a.mimeType) ?? (a.mimeType === 'application/octet-stream' ? sniffContentType(data) : null);
    return {
      // The name an unnamed attachment is shown and downloaded under.
      name: a.filename || t`attachment-${attachmentNumber}`,
      mimeType: a.mimeType,
      size: formatBytes(data.byteLength),
      bytes: data,
      viewerType,
      inline: Boolean(a.related || a.disposition === 'inline'),
    };
  });
  const inlineImages = new Map<string, string>();
  email.attachments.forEach((a, i) => {
    if (a.contentId && a.mimeType.startsWith('image/') && attachments[i].bytes.byteLength < 2_000_000) {
      inlineImages.set(
        normalizeContentId(a.contentId),
        `data:${a.mimeType};base64,${encodeBase64(attachments[i].bytes)}`,
      );
    }
  });
  const sanitized = email.html ? sanitizeEmailHtml(email.html, inlineImages) : null;
  return {
    subject: email.subject ?? '',
    from: flatten(email.from as PostalAddress | undefined),
    to: flatten(email.to as PostalAddress[] | undefined),
    cc: flatten(email.cc as PostalAddress[] | undefined),
    date: email.date ?? null,
    frameHtml: sanitized ? emailFrameDocument(sanitized.html) : null,
    text: email.text ?? null,
    blockedRemote: sanitized?.blockedRemote ?? 0,
    attachments,
  };
}

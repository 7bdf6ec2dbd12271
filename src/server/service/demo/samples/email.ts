import { formatAmount, type InvoiceData } from './invoice-data';

export type InvoiceEmailOptions = {
  data: InvoiceData;
  /** The attachment's bytes (a PDF). */
  attachment: Uint8Array;
  attachmentName?: string;
};

function base64Lines(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  return text.replace(/.{1,76}/g, '$&\r\n');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] ?? char);
}

/**
 * An RFC 5322 message (`message/rfc822`): multipart/mixed with a text and an HTML alternative and a PDF attachment.
 * The HTML deliberately carries a `<script>`, an inline event handler and a remote `<img src="https://…">` (a
 * tracking pixel) so the console's sanitizer and remote-content blocking can be tested against a real message.
 */
export function makeInvoiceEmail(options: InvoiceEmailOptions): Uint8Array {
  const { data } = options;
  const name = options.attachmentName ?? `${data.invoiceNumber}.pdf`;
  const total = `${data.currency} ${formatAmount(data.totalAmount)}`;
  const text = [
    `Dear ${data.customerName},`,
    '',
    `please find attached invoice ${data.invoiceNumber} dated ${data.invoiceDate} for ${total}, due ${data.dueDate}.`,
    '',
    `Kind regards,`,
    data.vendorName,
  ].join('\r\n');
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"><title>Invoice</title></head><body>',
    `<p>Dear ${escapeHtml(data.customerName)},</p>`,
    `<p>please find attached invoice <b>${escapeHtml(data.invoiceNumber)}</b> dated ${data.invoiceDate}`,
    `for <b>${escapeHtml(total)}</b>, due ${data.dueDate}.</p>`,
    '<table border="1" cellpadding="4"><tr><th>Description</th><th>Qty</th><th>Amount</th></tr>',
    ...data.lines.map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${line.quantity}</td><td>${formatAmount(line.amount)}</td></tr>`,
    ),
    '</table>',
    '<p onclick="alert(\'clicked\')">Kind regards,<br>' + escapeHtml(data.vendorName) + '</p>',
    '<script>window.parent.postMessage("email-script-ran", "*"); document.body.dataset.scriptRan = "yes";</script>',
    '<img src="https://tracker.example.com/open.gif?invoice=' +
      encodeURIComponent(data.invoiceNumber) +
      '" width="1" height="1" alt="">',
    '</body></html>',
  ].join('\r\n');
  return encodeEmail({
    headers: [
      `From: "${data.vendorName}" <billing@vendor.example.com>`,
      `To: "${data.customerName}" <accounts.payable@customer.example.com>`,
      `Subject: Invoice ${data.invoiceNumber} from ${data.vendorName}`,
      `Date: ${new Date(`${data.invoiceDate}T09:30:00Z`).toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <${data.invoiceNumber.toLowerCase()}@vendor.example.com>`,
    ],
    text,
    html,
    attachment: { name, contentType: 'application/pdf', bytes: options.attachment },
  });
}

export type EmailParts = {
  /** Header lines (From, To, Subject, Date, …); the MIME headers are added. */
  headers: string[];
  text: string;
  html: string;
  attachment: { name: string; contentType: string; bytes: Uint8Array };
};

/** An RFC 5322 message: multipart/mixed holding a text/HTML multipart/alternative and one base64 attachment. */
export function encodeEmail({ headers, text, html, attachment }: EmailParts): Uint8Array {
  const mixed = 'dps-mixed-6f1c2b0e';
  const alternative = 'dps-alt-93d7a4c1';
  const message = [
    ...headers,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${mixed}"`,
    '',
    'This is a multi-part message in MIME format.',
    `--${mixed}`,
    `Content-Type: multipart/alternative; boundary="${alternative}"`,
    '',
    `--${alternative}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
    `--${alternative}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    html,
    `--${alternative}--`,
    '',
    `--${mixed}`,
    `Content-Type: ${attachment.contentType}; name="${attachment.name}"`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename="${attachment.name}"`,
    '',
    base64Lines(attachment.bytes) + `--${mixed}--`,
    '',
  ].join('\r\n');
  return new TextEncoder().encode(message);
}

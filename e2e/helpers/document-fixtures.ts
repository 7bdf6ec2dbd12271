/**
 * Test documents generated on the spot (no binary fixtures in the repo): a multi-page PDF with a text layer, a large
 * scan-like PDF near the content limit, a multi-page 300-dpi TIFF, a PNG, and an email with HTML, a script, a remote
 * image and a PDF attachment. Node-side; used by the e2e specs, the viewer harness check and the viewer benchmark.
 * What they show is theirs; the PNG, TIFF and email encoding is the demo samples' (src/server/service/demo/samples).
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import {
  createImage,
  encodeEmail,
  encodePng,
  encodeTiff,
  fillRect,
  type RgbaImage,
} from '@/server/service/demo/samples';

/** The distinct text printed on page `page` (1-based) of `makeTextPdf`: what selection and highlight checks use. */
export const pdfPageMarker = (page: number) => `Reference R-${String(page).padStart(3, '0')}-QX`;
export const PDF_INVOICE_TOTAL = 'Total due 1,234.56 EUR';

/** A PDF whose pages carry real text: a heading, `pdfPageMarker(n)`, filler lines; page 2 has the invoice total. */
export async function makeTextPdf(pages = 5): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (let n = 1; n <= pages; n++) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawRectangle({ x: 40, y: 770, width: 515, height: 36, color: rgb(0.16, 0.36, 0.72) });
    page.drawText(`Test document - page ${n} of ${pages}`, {
      x: 52,
      y: 782,
      size: 16,
      font: bold,
      color: rgb(1, 1, 1),
    });
    page.drawText(pdfPageMarker(n), { x: 52, y: 730, size: 14, font: bold });
    if (n === 2) page.drawText(PDF_INVOICE_TOTAL, { x: 52, y: 700, size: 14, font });
    for (let line = 0; line < 28; line++) {
      page.drawText(`Line ${line + 1}: the quick brown fox jumps over the lazy dog (${n}.${line + 1})`, {
        x: 52,
        y: 660 - line * 20,
        size: 11,
        font,
        color: rgb(0.15, 0.15, 0.15),
      });
    }
  }
  return pdf.save();
}

/** An opaque image of deterministic noise (does not compress: stands in for scanned pixels). */
function noise(width: number, height: number, seed: number): RgbaImage {
  const image = createImage(width, height);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < image.data.length; i++) {
    if (i % 4 === 3) continue;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    image.data[i] = x & 0xff;
  }
  return image;
}

/** A PNG with a coloured frame and diagonal bands: easy to tell from a blank canvas. */
export function makePng(width = 800, height = 600): Uint8Array {
  const image = createImage(width, height);
  const px = image.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const frame = x < 20 || y < 20 || x >= width - 20 || y >= height - 20;
      const band = Math.floor((x + y) / 40) % 2 === 0;
      px[i] = frame ? 200 : band ? 40 : 250;
      px[i + 1] = frame ? 30 : band ? 120 : 250;
      px[i + 2] = frame ? 30 : band ? 200 : 250;
    }
  }
  return encodePng(image);
}

/**
 * A scan-like PDF just under the seed's limit (4,687,500 bytes = 6,250,000 base64 characters): pages of text, each
 * with an incompressible image, padded to `targetBytes`.
 */
export async function makeLargePdf(targetBytes = 4_600_000, pages = 12): Promise<Uint8Array> {
  const text = await makeTextPdf(pages);
  const pdf = await PDFDocument.load(text);
  const perPage = Math.floor((targetBytes - text.length - 20_000) / pages);
  const side = Math.floor(Math.sqrt(perPage / 3));
  for (let n = 0; n < pages; n++) {
    const image = await pdf.embedPng(encodePng(noise(side, side, n + 7)));
    pdf.getPage(n).drawImage(image, { x: 300, y: 60, width: 240, height: 240 });
  }
  return pdf.save({ useObjectStreams: false });
}

/** A multi-page RGB TIFF (Deflate strips), `dpi` per inch; page n has a hue of its own and n dark bars. */
export function makeTiff(pages = 3, { width = 2480, height = 3508, dpi = 300 } = {}): Uint8Array {
  const hues = [
    [200, 40, 40],
    [40, 150, 60],
    [40, 80, 200],
    [180, 120, 20],
    [120, 40, 160],
  ] as const;
  const band = (from: number, to: number, size: number) => [
    Math.floor(size * from),
    Math.floor(size * to) - Math.floor(size * from),
  ];
  return encodeTiff(
    Array.from({ length: pages }, (_, n) => {
      const image = createImage(width, height);
      const [x, w] = band(0.06, 0.94, width);
      const [y, h] = band(0.04, 0.09, height);
      fillRect(image, x, y, w, h, hues[n % 5]);
      for (let bar = 0; bar < Math.min(n + 1, 30); bar++) {
        const [barX, barWidth] = band(0.08, 0.7, width);
        fillRect(
          image,
          barX,
          Math.floor(height * 0.15) + bar * Math.floor(height * 0.025),
          barWidth,
          Math.floor(height * 0.012),
          [30, 30, 30],
        );
      }
      return image;
    }),
    { compression: 'deflate', dpi },
  );
}

/** Host of the email's remote image: any request to it means remote content leaked. */
export const EMAIL_REMOTE_HOST = 'tracker.remote-content.test';
export const EMAIL_SUBJECT = 'Invoice INV-7 with attachment';

/** An email: text + HTML alternative (a script, an onerror handler, a remote image, a link) and a PDF attachment. */
export function makeEml(attachment: Uint8Array, attachmentName = 'invoice-7.pdf'): Uint8Array {
  const html = [
    `<html><head><style>h1{color:#2a5db0} .bg{background:url(https://${EMAIL_REMOTE_HOST}/bg.png)}</style></head><body>`,
    '<h1>Invoice INV-7</h1>',
    '<p class="bg">Dear customer, please find the invoice attached. Total due <b>1,234.56 EUR</b>.</p>',
    `<p><img src="https://${EMAIL_REMOTE_HOST}/pixel.gif?id=42" alt="tracking pixel" width="120" height="40"></p>`,
    `<p><img src="x" onerror="window.parent.postMessage('email-onerror-ran','*')" alt="broken"></p>`,
    `<p><a href="https://${EMAIL_REMOTE_HOST}/click">Pay online</a></p>`,
    `<script>window.parent.postMessage('email-script-ran','*'); fetch('https://${EMAIL_REMOTE_HOST}/script');</script>`,
    '</body></html>',
  ].join('\r\n');
  return encodeEmail({
    headers: [
      'From: Billing <billing@supplier.example>',
      'To: Accounts <accounts@customer.example>',
      'Cc: Audit <audit@customer.example>',
      `Subject: ${EMAIL_SUBJECT}`,
      'Date: Tue, 04 Mar 2025 10:15:00 +0000',
      'Message-ID: <inv-7@supplier.example>',
    ],
    text: 'Invoice INV-7. Total due 1,234.56 EUR.',
    html,
    attachment: { name: attachmentName, contentType: 'application/pdf', bytes: attachment },
  });
}

/**
 * Test documents generated on the spot (no binary fixtures in the repo): a multi-page PDF with a text layer, a large
 * scan-like PDF near the content limit, a multi-page 300-dpi TIFF, a PNG, and an email with HTML, a script, a remote
 * image and a PDF attachment. Node-side; used by the viewer harness check and by the e2e specs.
 */
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

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
    page.drawText(`Test document - page ${n} of ${pages}`, { x: 52, y: 782, size: 16, font: bold, color: rgb(1, 1, 1) });
    page.drawText(pdfPageMarker(n), { x: 52, y: 730, size: 14, font: bold });
    if (n === 2) page.drawText(PDF_INVOICE_TOTAL, { x: 52, y: 700, size: 14, font });
    for (let line = 0; line < 28; line++) {
      page.drawText(`Line ${line + 1}: the quick brown fox jumps over the lazy dog (${n}.${line + 1})`, { x: 52, y: 660 - line * 20, size: 11, font, color: rgb(0.15, 0.15, 0.15) });
    }
  }
  return pdf.save();
}

/** PNG (RGB, 8-bit) from raw pixels. */
export function encodePng(width: number, height: number, rgbPixels: Uint8Array): Uint8Array {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    Buffer.from(rgbPixels.buffer, rgbPixels.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return new Uint8Array(Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)),
  ]));
}

/** Deterministic noise (does not compress: stands in for scanned pixels). */
function noise(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

/** A PNG with a coloured frame and diagonal bands: easy to tell from a blank canvas. */
export function makePng(width = 800, height = 600): Uint8Array {
  const px = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const frame = x < 20 || y < 20 || x >= width - 20 || y >= height - 20;
      const band = Math.floor((x + y) / 40) % 2 === 0;
      px[i] = frame ? 200 : band ? 40 : 250;
      px[i + 1] = frame ? 30 : band ? 120 : 250;
      px[i + 2] = frame ? 30 : band ? 200 : 250;
    }
  }
  return encodePng(width, height, px);
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
    const image = await pdf.embedPng(encodePng(side, side, noise(side * side * 3, n + 7)));
    pdf.getPage(n).drawImage(image, { x: 300, y: 60, width: 240, height: 240 });
  }
  return pdf.save({ useObjectStreams: false });
}

/** A multi-page RGB TIFF (Deflate strips), `dpi` per inch; page n has a hue of its own and n dark bars. */
export function makeTiff(pages = 3, { width = 2480, height = 3508, dpi = 300 } = {}): Uint8Array {
  type Page = { strip: Buffer; ifd: Buffer };
  const rowsPerStrip = height;
  const pagesData: Buffer[] = [];
  for (let n = 0; n < pages; n++) {
    const px = Buffer.alloc(width * height * 3, 0xff);
    const hue = [[200, 40, 40], [40, 150, 60], [40, 80, 200], [180, 120, 20], [120, 40, 160]][n % 5];
    for (let y = Math.floor(height * 0.04); y < Math.floor(height * 0.09); y++) {
      for (let x = Math.floor(width * 0.06); x < Math.floor(width * 0.94); x++) px.set(hue, (y * width + x) * 3);
    }
    for (let bar = 0; bar < Math.min(n + 1, 30); bar++) {
      const top = Math.floor(height * 0.15) + bar * Math.floor(height * 0.025);
      for (let y = top; y < top + Math.floor(height * 0.012); y++) px.fill(30, (y * width + Math.floor(width * 0.08)) * 3, (y * width + Math.floor(width * 0.7)) * 3);
    }
    pagesData.push(deflateSync(px, { level: 6 }));
  }
  // Layout: header, then per page [strip][ifd + values].
  const parts: Buffer[] = [];
  const header = Buffer.alloc(8);
  header.write('II', 0, 'ascii');
  header.writeUInt16LE(42, 2);
  parts.push(header);
  let offset = 8;
  const ifdOffsets: number[] = [];
  const built: Page[] = [];
  for (const strip of pagesData) {
    const stripOffset = offset;
    offset += strip.length + (strip.length % 2);
    const entries: [number, number, number, number | number[]][] = [
      [256, 4, 1, width], [257, 4, 1, height], [258, 3, 3, [8, 8, 8]], [259, 3, 1, 8], [262, 3, 1, 2],
      [273, 4, 1, stripOffset], [277, 3, 1, 3], [278, 4, 1, rowsPerStrip], [279, 4, 1, strip.length],
      [282, 5, 1, [dpi, 1]], [283, 5, 1, [dpi, 1]], [284, 3, 1, 1], [296, 3, 1, 2],
    ];
    const ifdStart = offset;
    const ifdSize = 2 + entries.length * 12 + 4;
    let extra = ifdStart + ifdSize;
    const ifd = Buffer.alloc(ifdSize);
    const extras: Buffer[] = [];
    ifd.writeUInt16LE(entries.length, 0);
    entries.forEach(([tag, type, count, value], k) => {
      const at = 2 + k * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(count, at + 4);
      if (type === 5) {
        const [num, den] = value as number[];
        const b = Buffer.alloc(8);
        b.writeUInt32LE(num, 0);
        b.writeUInt32LE(den, 4);
        ifd.writeUInt32LE(extra, at + 8);
        extras.push(b);
        extra += 8;
      } else if (Array.isArray(value)) {
        const b = Buffer.alloc(value.length * 2);
        value.forEach((v, j) => b.writeUInt16LE(v, j * 2));
        ifd.writeUInt32LE(extra, at + 8);
        extras.push(b);
        extra += b.length;
      } else if (type === 3) {
        ifd.writeUInt16LE(value, at + 8);
      } else {
        ifd.writeUInt32LE(value, at + 8);
      }
    });
    ifdOffsets.push(ifdStart);
    built.push({ strip, ifd: Buffer.concat([ifd, ...extras]) });
    offset = extra + (extra % 2);
  }
  header.writeUInt32LE(ifdOffsets[0], 4);
  built.forEach((page, n) => {
    page.ifd.writeUInt32LE(n + 1 < built.length ? ifdOffsets[n + 1] : 0, 2 + 13 * 12);
    parts.push(page.strip);
    if (page.strip.length % 2) parts.push(Buffer.alloc(1));
    parts.push(page.ifd);
    if (page.ifd.length % 2) parts.push(Buffer.alloc(1));
  });
  return new Uint8Array(Buffer.concat(parts));
}

/** Host of the email's remote image: any request to it means remote content leaked. */
export const EMAIL_REMOTE_HOST = 'tracker.remote-content.test';
export const EMAIL_SUBJECT = 'Invoice INV-7 with attachment';

const wrap76 = (b64: string) => b64.replace(/.{1,76}/g, '$&\r\n');

/** An email: text + HTML alternative (a script, an onerror handler, a remote image, a link) and a PDF attachment. */
export function makeEml(attachment: Uint8Array, attachmentName = 'invoice-7.pdf'): Uint8Array {
  const html = `<html><head><style>h1{color:#2a5db0} .bg{background:url(https://${EMAIL_REMOTE_HOST}/bg.png)}</style></head><body>
<h1>Invoice INV-7</h1>
<p class="bg">Dear customer, please find the invoice attached. Total due <b>1,234.56 EUR</b>.</p>
<p><img src="https://${EMAIL_REMOTE_HOST}/pixel.gif?id=42" alt="tracking pixel" width="120" height="40"></p>
<p><img src="x" onerror="window.parent.postMessage('email-onerror-ran','*')" alt="broken"></p>
<p><a href="https://${EMAIL_REMOTE_HOST}/click">Pay online</a></p>
<script>window.parent.postMessage('email-script-ran','*'); fetch('https://${EMAIL_REMOTE_HOST}/script');</script>
</body></html>`;
  const lines = [
    'From: Billing <billing@supplier.example>',
    'To: Accounts <accounts@customer.example>',
    'Cc: Audit <audit@customer.example>',
    `Subject: ${EMAIL_SUBJECT}`,
    'Date: Tue, 04 Mar 2025 10:15:00 +0000',
    'Message-ID: <inv-7@supplier.example>',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mixed-b1"',
    '',
    '--mixed-b1',
    'Content-Type: multipart/alternative; boundary="alt-b2"',
    '',
    '--alt-b2',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Invoice INV-7. Total due 1,234.56 EUR.',
    '--alt-b2',
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrap76(Buffer.from(html, 'utf8').toString('base64')),
    '--alt-b2--',
    '',
    '--mixed-b1',
    `Content-Type: application/pdf; name="${attachmentName}"`,
    `Content-Disposition: attachment; filename="${attachmentName}"`,
    'Content-Transfer-Encoding: base64',
    '',
    wrap76(Buffer.from(attachment).toString('base64')),
    '--mixed-b1--',
    '',
  ];
  return new Uint8Array(Buffer.from(lines.join('\r\n'), 'utf8'));
}

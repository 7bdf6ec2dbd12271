import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import PostalMime from 'postal-mime';
import * as UTIF from 'utif2';
import { describe, expect, it } from 'vitest';
import {
  drawInvoicePage,
  encodeTiff,
  formatAmount,
  invoiceData,
  invoiceJpeg,
  invoiceWebp,
  makeInvoiceEmail,
  makeInvoicePdf,
  makeInvoicePng,
  makeInvoiceTiff,
  makeSampleFiles,
  packBits,
} from './index';

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

/** Every string drawn with Tj in the PDF's (Flate-compressed) content streams. */
function pdfText(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString('latin1');
  const strings: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], 'latin1')).toString('latin1');
    } catch {
      content = match[1];
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      strings.push(Buffer.from(hex[1], 'hex').toString('latin1'));
    for (const literal of content.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) strings.push(literal[1]);
  }
  return strings;
}

describe('sample PDF', () => {
  it('is a PDF with the requested pages and an extractable text layer', async () => {
    const data = invoiceData({ seed: 7, lineCount: 12 });
    const bytes = await makeInvoicePdf({ pageCount: 3, data });
    expect(ascii(bytes, 0, 5)).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(3);
    const text = pdfText(bytes);
    expect(text).toContain(`Invoice number: ${data.invoiceNumber}`);
    expect(text).toContain(data.vendorName);
    expect(text).toContain(`Total due: ${data.currency} ${formatAmount(data.totalAmount)}`);
    expect(text).toContain('Page 3 of 3');
    for (const line of data.lines) expect(text).toContain(line.description);
  });

  it('makes a 100-page PDF, and the same bytes twice', async () => {
    const first = await makeInvoicePdf({ pageCount: 100, seed: 9 });
    const second = await makeInvoicePdf({ pageCount: 100, seed: 9 });
    expect((await PDFDocument.load(first)).getPageCount()).toBe(100);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    expect(pdfText(first)).toContain('Page 100 of 100');
  });
});

describe('sample PNG', () => {
  it('has a valid signature, header, CRCs and pixels', () => {
    const bytes = makeInvoicePng({ seed: 2, width: 320, height: 400 });
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(ascii(bytes, 12, 16)).toBe('IHDR');
    expect(view.getUint32(16)).toBe(320);
    expect(view.getUint32(20)).toBe(400);
    // Walk the chunks, collect IDAT, end at IEND.
    let offset = 8;
    const idat: Buffer[] = [];
    let last = '';
    while (offset < bytes.length) {
      const length = view.getUint32(offset);
      last = ascii(bytes, offset + 4, offset + 8);
      if (last === 'IDAT') idat.push(Buffer.from(bytes.subarray(offset + 8, offset + 8 + length)));
      offset += 12 + length;
    }
    expect(last).toBe('IEND');
    const raw = inflateSync(Buffer.concat(idat));
    expect(raw.length).toBe((320 * 4 + 1) * 400);
    // Row 2 lies in the brand band (dark blue), the last row is white paper.
    const pixel = (x: number, y: number) => [...raw.subarray(y * 1281 + 1 + x * 4, y * 1281 + 1 + x * 4 + 4)];
    expect(pixel(2, 2)).toEqual([31, 59, 115, 255]);
    expect(pixel(2, 399)).toEqual([255, 255, 255, 255]);
  });
});

describe('sample JPEG and WEBP', () => {
  it('JPEG starts with SOI, has a 640×820 baseline frame, ends with EOI', () => {
    const bytes = invoiceJpeg();
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
    const sof = bytes.findIndex((byte, i) => byte === 0xff && bytes[i + 1] === 0xc0);
    expect(sof).toBeGreaterThan(0);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(view.getUint16(sof + 5)).toBe(820);
    expect(view.getUint16(sof + 7)).toBe(640);
  });

  it('WEBP is a RIFF WEBP container of the declared size', () => {
    const bytes = invoiceWebp();
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect(ascii(bytes, 0, 4)).toBe('RIFF');
    expect(ascii(bytes, 8, 12)).toBe('WEBP');
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(['VP8 ', 'VP8L', 'VP8X']).toContain(ascii(bytes, 12, 16));
  });
});

describe('sample TIFF', () => {
  it('decodes page by page with the requested count and size', () => {
    const bytes = makeInvoiceTiff({ pageCount: 4, width: 300, height: 200, seed: 4 });
    expect(ascii(bytes, 0, 4)).toBe('II*\0');
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const ifds = UTIF.decode(buffer);
    expect(ifds).toHaveLength(4);
    for (const ifd of ifds) {
      UTIF.decodeImage(buffer, ifd);
      expect([ifd.width, ifd.height]).toEqual([300, 200]);
      const rgba = UTIF.toRGBA8(ifd);
      expect([...rgba.subarray(0, 4)]).toEqual([31, 59, 115, 255]);
      expect([...rgba.subarray(rgba.length - 4)]).toEqual([255, 255, 255, 255]);
    }
  });

  it('uncompressed and PackBits encode the same pixels', () => {
    const decode = (bytes: Uint8Array) => {
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      const [ifd] = UTIF.decode(buffer);
      UTIF.decodeImage(buffer, ifd);
      return Buffer.from(UTIF.toRGBA8(ifd));
    };
    const packed = makeInvoiceTiff({ pageCount: 1, width: 200, height: 260, compression: 'packbits' });
    const plain = makeInvoiceTiff({ pageCount: 1, width: 200, height: 260, compression: 'none' });
    expect(packed.length).toBeLessThan(plain.length / 4);
    expect(decode(packed).equals(decode(plain))).toBe(true);
  });

  it('Deflate writes one strip per page at the requested dpi, with the same pixels as PackBits', () => {
    const pages = [drawInvoicePage(invoiceData({ seed: 6 }), { width: 240, height: 300 })];
    const decode = (bytes: Uint8Array) => {
      const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
      const [ifd] = UTIF.decode(buffer);
      UTIF.decodeImage(buffer, ifd);
      return { ifd, pixels: Buffer.from(UTIF.toRGBA8(ifd)) };
    };
    const deflated = decode(encodeTiff(pages, { compression: 'deflate', dpi: 300 }));
    expect(deflated.ifd.t259).toEqual([8]);
    expect(deflated.ifd.t273).toHaveLength(1);
    expect(deflated.ifd.t278).toEqual([300]);
    expect(deflated.ifd.t282).toEqual([[300, 1]]);
    expect(deflated.pixels.equals(decode(encodeTiff(pages, { compression: 'packbits' })).pixels)).toBe(true);
  });

  it('PackBits output expands back to its input', () => {
    const input = Uint8Array.from([1, 1, 1, 1, 2, 3, 4, 4, 5, ...new Array(300).fill(9), 7]);
    const packed = packBits(input);
    const out: number[] = [];
    for (let i = 0; i < packed.length;) {
      const n = packed[i] > 127 ? packed[i] - 256 : packed[i];
      if (n >= 0) {
        out.push(...packed.subarray(i + 1, i + 2 + n));
        i += n + 2;
      } else {
        out.push(...new Array(1 - n).fill(packed[i + 1]));
        i += 2;
      }
    }
    expect(out).toEqual([...input]);
  });
});

describe('sample email', () => {
  it('is a MIME message with HTML (script, remote image) and a PDF attachment', async () => {
    const data = invoiceData({ seed: 5 });
    const pdf = await makeInvoicePdf({ pageCount: 1, data });
    const parsed = await PostalMime.parse(makeInvoiceEmail({ data, attachment: pdf }));
    expect(parsed.subject).toBe(`Invoice ${data.invoiceNumber} from ${data.vendorName}`);
    expect(parsed.html).toContain('<script>');
    expect(parsed.html).toMatch(/<img src="https:\/\/tracker\.example\.com\//);
    expect(parsed.text).toContain(data.invoiceNumber);
    expect(parsed.attachments).toHaveLength(1);
    const [attachment] = parsed.attachments;
    expect(attachment.mimeType).toBe('application/pdf');
    expect(attachment.filename).toBe(`${data.invoiceNumber}.pdf`);
    const attached = new Uint8Array(attachment.content as ArrayBuffer);
    expect(Buffer.from(attached).equals(Buffer.from(pdf))).toBe(true);
  });
});

describe('makeSampleFiles', () => {
  it('returns one file of every content type with ground truth', async () => {
    const files = await makeSampleFiles();
    expect(files.map((file) => file.contentType).sort()).toEqual([
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/tiff',
      'image/webp',
      'message/rfc822',
    ]);
    for (const file of files) {
      expect(file.bytes.length).toBeGreaterThan(100);
      expect(file.groundTruth.find((entry) => entry.label === 'invoice_number')?.value).toBe(file.data.invoiceNumber);
    }
  });
});

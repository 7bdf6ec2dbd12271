import { GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from './bitmap-font';
import { invoiceTextLines, type InvoiceData } from './invoice-data';

/** An RGBA image in memory (8 bits per channel, row-major). */
export type RgbaImage = { width: number; height: number; data: Uint8Array };
export type Colour = readonly [number, number, number];

export function createImage(width: number, height: number, background: Colour = [255, 255, 255]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let offset = 0; offset < data.length; offset += 4) {
    data[offset] = background[0];
    data[offset + 1] = background[1];
    data[offset + 2] = background[2];
    data[offset + 3] = 255;
  }
  return { width, height, data };
}

export function fillRect(image: RgbaImage, x: number, y: number, width: number, height: number, colour: Colour): void {
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(image.width, Math.floor(x + width));
  const y1 = Math.min(image.height, Math.floor(y + height));
  for (let row = y0; row < y1; row += 1) {
    for (let column = x0; column < x1; column += 1) {
      const offset = (row * image.width + column) * 4;
      image.data[offset] = colour[0];
      image.data[offset + 1] = colour[1];
      image.data[offset + 2] = colour[2];
      image.data[offset + 3] = 255;
    }
  }
}

/** Draws text with the 5×7 font at `scale` pixels per font dot; returns the x after the text. */
export function drawText(image: RgbaImage, text: string, x: number, y: number, scale: number, colour: Colour): number {
  let cursor = x;
  for (const char of text) {
    const rows = glyph(char);
    if (rows) {
      rows.forEach((row, rowIndex) =>
        row.forEach((ink, columnIndex) => {
          if (ink) fillRect(image, cursor + columnIndex * scale, y + rowIndex * scale, scale, scale, colour);
        }),
      );
    }
    cursor += (GLYPH_WIDTH + 1) * scale;
  }
  return cursor;
}

export function textHeight(scale: number): number {
  return GLYPH_HEIGHT * scale;
}

const INK: Colour = [28, 30, 40];
const BRAND: Colour = [31, 59, 115];

/**
 * An invoice page as pixels: a brand band with the vendor name, a coloured logo mark, the invoice's text lines and
 * rules. `page`/`pageCount` add a page footer (multi-page TIFF).
 */
export function drawInvoicePage(
  data: InvoiceData,
  options: { width?: number; height?: number; page?: number; pageCount?: number } = {},
): RgbaImage {
  const width = options.width ?? 640;
  const height = options.height ?? 820;
  const image = createImage(width, height);
  const scale = Math.max(1, Math.floor(width / 320));
  const lineHeight = textHeight(scale) + 4 * scale;
  const margin = 8 * scale;
  fillRect(image, 0, 0, width, lineHeight * 2, BRAND);
  fillRect(
    image,
    width - margin - lineHeight * 1.5,
    lineHeight * 0.25,
    lineHeight * 1.5,
    lineHeight * 1.5,
    [240, 160, 40],
  );
  drawText(image, data.vendorName, margin, Math.floor(lineHeight * 0.7), scale, [255, 255, 255]);
  let y = lineHeight * 3;
  const lines = invoiceTextLines(data);
  const pageCount = options.pageCount ?? 1;
  const page = options.page ?? 0;
  // On continuation pages, show which part of the invoice this is instead of repeating the header.
  const shown =
    page === 0 ? lines : [`INVOICE ${data.invoiceNumber} (CONTINUED)`, '', ...data.lines.map((l) => l.description)];
  for (const line of shown) {
    if (y + lineHeight > height - lineHeight * 2) break;
    if (line === '')
      fillRect(image, margin, y + lineHeight / 2, width - 2 * margin, Math.max(1, scale / 2), [180, 184, 196]);
    else drawText(image, line, margin, y, scale, INK);
    y += lineHeight;
  }
  if (pageCount > 1) drawText(image, `PAGE ${page + 1} OF ${pageCount}`, margin, height - lineHeight * 1.5, scale, INK);
  return image;
}

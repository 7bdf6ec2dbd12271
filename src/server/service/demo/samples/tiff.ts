import { deflateSync } from 'node:zlib';
import type { RgbaImage } from './raster';

export type TiffCompression = 'none' | 'packbits' | 'deflate';

/** PackBits (TIFF compression 32773): runs of equal bytes and literal stretches, at most 128 each. */
export function packBits(input: Uint8Array): Uint8Array {
  const out: number[] = [];
  let index = 0;
  while (index < input.length) {
    let run = 1;
    while (run < 128 && index + run < input.length && input[index + run] === input[index]) run += 1;
    if (run > 1) {
      out.push(257 - run, input[index]);
      index += run;
      continue;
    }
    const start = index;
    index += 1;
    while (
      index < input.length &&
      index - start < 128 &&
      !(index + 1 < input.length && input[index] === input[index + 1])
    )
      index += 1;
    out.push(index - start - 1);
    for (let i = start; i < index; i += 1) out.push(input[i]);
  }
  return Uint8Array.from(out);
}

export type TiffOptions = {
  compression?: TiffCompression;
  /** Pixels per inch, stored as X and Y resolution. */
  dpi?: number;
};

/** The file's parts after its 8-byte header, each starting on a word boundary; `push` answers where one starts. */
class TiffParts {
  private readonly chunks: Uint8Array[] = [];
  private size = 8;

  push(bytes: Uint8Array): number {
    const at = this.size;
    this.chunks.push(bytes);
    this.size += bytes.length;
    if (this.size % 2) {
      this.chunks.push(new Uint8Array(1));
      this.size += 1;
    }
    return at;
  }

  /** The whole file: the little-endian header pointing at the first IFD, then every part. */
  file(firstIfdAt: number): Uint8Array {
    const out = new Uint8Array(this.size);
    out.set([0x49, 0x49, 42, 0], 0);
    new DataView(out.buffer).setUint32(4, firstIfdAt, true);
    let offset = 8;
    for (const part of this.chunks) {
      out.set(part, offset);
      offset += part.length;
    }
    return out;
  }
}

function longs(values: number[]): Uint8Array {
  const bytes = new Uint8Array(values.length * 4);
  const view = new DataView(bytes.buffer);
  values.forEach((value, i) => view.setUint32(i * 4, value, true));
  return bytes;
}

/** Rows `top` to `top + rows` of a page as RGB bytes (alpha dropped). */
function rgbRows(page: RgbaImage, top: number, rows: number): Uint8Array {
  const rgb = new Uint8Array(page.width * rows * 3);
  for (let pixel = 0; pixel < page.width * rows; pixel += 1) {
    const source = (top * page.width + pixel) * 4;
    rgb[pixel * 3] = page.data[source];
    rgb[pixel * 3 + 1] = page.data[source + 1];
    rgb[pixel * 3 + 2] = page.data[source + 2];
  }
  return rgb;
}

/** A page's strips, compressed and pushed: their offsets and byte counts. */
function pushStrips(parts: TiffParts, page: RgbaImage, rowsPerStrip: number, compression: TiffCompression) {
  const offsets: number[] = [];
  const counts: number[] = [];
  for (let top = 0; top < page.height; top += rowsPerStrip) {
    const rgb = rgbRows(page, top, Math.min(rowsPerStrip, page.height - top));
    const strip = compression === 'packbits' ? packBits(rgb) : compression === 'deflate' ? deflateSync(rgb) : rgb;
    offsets.push(parts.push(strip));
    counts.push(strip.length);
  }
  return { offsets, counts };
}

/** An IFD: the entry count, 12 bytes per entry, and four bytes for the next IFD's offset (set when chaining). */
function ifdBytes(entries: [number, number, number, number][]): Uint8Array {
  const ifd = new Uint8Array(2 + entries.length * 12 + 4);
  const view = new DataView(ifd.buffer);
  view.setUint16(0, entries.length, true);
  entries.forEach(([tag, type, count, value], i) => {
    const at = 2 + i * 12;
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, count, true);
    if (type === 3 && count === 1) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  });
  return ifd;
}

/** One page: its strips and the values its tags point at pushed, then its IFD (not yet chained). */
function pushPage(parts: TiffParts, page: RgbaImage, compression: TiffCompression, dpi: number) {
  const rowsPerStrip = compression === 'deflate' ? page.height : 1;
  const strips = pushStrips(parts, page, rowsPerStrip, compression);
  const stripOffsetsAt = parts.push(longs(strips.offsets));
  const stripCountsAt = parts.push(longs(strips.counts));
  const bitsAt = parts.push(new Uint8Array([8, 0, 8, 0, 8, 0]));
  const resolutionAt = parts.push(longs([dpi, 1]));
  // Tags in ascending order: [tag, type (3 SHORT, 4 LONG, 5 RATIONAL), count, value or offset]
  const ifd = ifdBytes([
    [256, 4, 1, page.width],
    [257, 4, 1, page.height],
    [258, 3, 3, bitsAt],
    [259, 3, 1, { none: 1, packbits: 32773, deflate: 8 }[compression]],
    [262, 3, 1, 2],
    [273, 4, strips.offsets.length, strips.offsets.length === 1 ? strips.offsets[0] : stripOffsetsAt],
    [277, 3, 1, 3],
    [278, 4, 1, rowsPerStrip],
    [279, 4, strips.counts.length, strips.counts.length === 1 ? strips.counts[0] : stripCountsAt],
    [282, 5, 1, resolutionAt],
    [283, 5, 1, resolutionAt],
    [284, 3, 1, 1],
    [296, 3, 1, 2],
  ]);
  return { ifdAt: parts.push(ifd), ifd };
}

/**
 * A baseline little-endian TIFF with one IFD per page: RGB, 8 bits per sample. PackBits and uncompressed pages have
 * one strip per row (so PackBits runs restart per row as the spec requires); Deflate pages are one strip, as scanners
 * write them.
 */
export function encodeTiff(pages: RgbaImage[], { compression = 'packbits', dpi = 100 }: TiffOptions = {}): Uint8Array {
  const parts = new TiffParts();
  const ifds = pages.map((page) => pushPage(parts, page, compression, dpi));
  // Chain the IFDs: each one's last four bytes point at the next (0 ends the chain).
  ifds.forEach(({ ifd }, i) => {
    new DataView(ifd.buffer).setUint32(ifd.length - 4, ifds[i + 1]?.ifdAt ?? 0, true);
  });
  return parts.file(ifds[0]?.ifdAt ?? 0);
}

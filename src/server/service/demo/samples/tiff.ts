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

/**
 * A baseline little-endian TIFF with one IFD per page: RGB, 8 bits per sample. PackBits and uncompressed pages have
 * one strip per row (so PackBits runs restart per row as the spec requires); Deflate pages are one strip, as scanners
 * write them.
 */
export function encodeTiff(pages: RgbaImage[], { compression = 'packbits', dpi = 100 }: TiffOptions = {}): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 8;
  const push = (bytes: Uint8Array) => {
    const at = size;
    chunks.push(bytes);
    size += bytes.length;
    if (size % 2) {
      chunks.push(new Uint8Array(1));
      size += 1;
    }
    return at;
  };
  const header = new Uint8Array(8);
  const headerView = new DataView(header.buffer);
  header.set([0x49, 0x49, 42, 0]);
  const ifdOffsets: number[] = [];
  const ifdPatches: { ifdAt: number; ifd: Uint8Array }[] = [];

  for (const page of pages) {
    const rowsPerStrip = compression === 'deflate' ? page.height : 1;
    const stripOffsets: number[] = [];
    const stripCounts: number[] = [];
    for (let top = 0; top < page.height; top += rowsPerStrip) {
      const rows = Math.min(rowsPerStrip, page.height - top);
      const rgb = new Uint8Array(page.width * rows * 3);
      for (let pixel = 0; pixel < page.width * rows; pixel += 1) {
        const source = (top * page.width + pixel) * 4;
        rgb[pixel * 3] = page.data[source];
        rgb[pixel * 3 + 1] = page.data[source + 1];
        rgb[pixel * 3 + 2] = page.data[source + 2];
      }
      const strip = compression === 'packbits' ? packBits(rgb) : compression === 'deflate' ? deflateSync(rgb) : rgb;
      stripOffsets.push(push(strip));
      stripCounts.push(strip.length);
    }
    const longs = (values: number[]) => {
      const bytes = new Uint8Array(values.length * 4);
      const view = new DataView(bytes.buffer);
      values.forEach((value, i) => view.setUint32(i * 4, value, true));
      return bytes;
    };
    const stripOffsetsAt = push(longs(stripOffsets));
    const stripCountsAt = push(longs(stripCounts));
    const bitsAt = push(new Uint8Array([8, 0, 8, 0, 8, 0]));
    const resolutionAt = push(longs([dpi, 1]));
    // Tags in ascending order: [tag, type (3 SHORT, 4 LONG, 5 RATIONAL), count, value or offset]
    const entries: [number, number, number, number][] = [
      [256, 4, 1, page.width],
      [257, 4, 1, page.height],
      [258, 3, 3, bitsAt],
      [259, 3, 1, { none: 1, packbits: 32773, deflate: 8 }[compression]],
      [262, 3, 1, 2],
      [273, 4, stripOffsets.length, stripOffsets.length === 1 ? stripOffsets[0] : stripOffsetsAt],
      [277, 3, 1, 3],
      [278, 4, 1, rowsPerStrip],
      [279, 4, stripCounts.length, stripCounts.length === 1 ? stripCounts[0] : stripCountsAt],
      [282, 5, 1, resolutionAt],
      [283, 5, 1, resolutionAt],
      [284, 3, 1, 1],
      [296, 3, 1, 2],
    ];
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
    const ifdAt = push(ifd);
    ifdOffsets.push(ifdAt);
    ifdPatches.push({ ifdAt, ifd });
  }
  // Chain the IFDs: each one's last four bytes point at the next (0 ends the chain).
  ifdPatches.forEach(({ ifd }, i) => {
    new DataView(ifd.buffer).setUint32(ifd.length - 4, ifdOffsets[i + 1] ?? 0, true);
  });
  headerView.setUint32(4, ifdOffsets[0] ?? 0, true);
  const out = new Uint8Array(size);
  out.set(header, 0);
  let offset = 8;
  for (const part of chunks) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

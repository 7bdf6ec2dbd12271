/**
 * A TIFF file's pages, read without decoding and without trusting the file: the chain of image file directories
 * (IFDs) from the header is walked with loop detection and a bound on its length, and a page's tags are read only
 * when that page is decoded, each bounds-checked against the file. utif2's own reader follows whatever the file
 * says — a 194-byte file whose IFD points back at itself grows its list of pages until the heap runs out — so it
 * only ever gets one page's tags from here (UTIF.decodeImage). Errors say what is wrong with the file.
 */

/** More IFDs than a real document has pages: a longer chain is refused before anything is decoded. */
export const MAX_TIFF_IFDS = 100_000;
/** Values a page's tags may hold in total (strip offsets of a tall page are tens of thousands). */
const MAX_IFD_VALUES = 1 << 22;
/** Bytes of one value of each TIFF field type (TIFF 6.0 §2, plus IFD = 13). */
const TYPE_SIZES: Record<number, number> = {
  1: 1,
  2: 1,
  3: 2,
  4: 4,
  5: 8,
  6: 1,
  7: 1,
  8: 2,
  9: 4,
  10: 8,
  11: 4,
  12: 8,
  13: 4,
};

export type TiffPage = { ifdOffset: number; width: number; height: number };
/** A page's tags as utif2 keeps them: `t<tag>` → its values. */
export type TiffTags = Record<string, unknown>;

type Reader = { view: DataView; little: boolean; length: number };
const u16 = (r: Reader, at: number) => r.view.getUint16(at, r.little);
const u32 = (r: Reader, at: number) => r.view.getUint32(at, r.little);

function readerOf(bytes: Uint8Array): Reader {
  if (bytes.length < 8) throw new Error('the TIFF file is too short to hold a header');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const order = String.fromCharCode(bytes[0]!, bytes[1]!);
  if (order !== 'II' && order !== 'MM') throw new Error('the file is not a TIFF file (no II or MM byte order mark)');
  const reader = { view, little: order === 'II', length: bytes.length };
  const version = u16(reader, 2);
  if (version === 43) throw new Error('BigTIFF files are not supported');
  if (version !== 42) throw new Error(`the file is not a TIFF file (version ${version}, not 42)`);
  return reader;
}

/** Where an IFD's entries end (its next-IFD offset), or an error when it does not fit in the file. */
function ifdEnd(r: Reader, offset: number): number {
  if (offset + 2 > r.length) throw new Error(`the TIFF file's page chain points outside the file (byte ${offset})`);
  const end = offset + 2 + u16(r, offset) * 12;
  if (end + 4 > r.length) throw new Error(`a TIFF page directory at byte ${offset} runs past the end of the file`);
  return end;
}

/** The first value of a SHORT or LONG entry (width and height are one of the two). */
function firstNumber(r: Reader, entry: number): number | undefined {
  const type = u16(r, entry + 2);
  if (u32(r, entry + 4) < 1) return undefined;
  if (type === 3) return u16(r, entry + 8);
  if (type === 4) return u32(r, entry + 8);
  return undefined;
}

/**
 * The pages of a TIFF file (IFDs with a width and a height, as utif2 counts them) in file order. Throws when the
 * chain loops, leaves the file, or is longer than MAX_TIFF_IFDS.
 */
export function tiffPages(bytes: Uint8Array): TiffPage[] {
  const r = readerOf(bytes);
  const pages: TiffPage[] = [];
  const seen = new Set<number>();
  for (let offset = u32(r, 4); offset !== 0;) {
    if (seen.has(offset)) throw new Error(`the TIFF file's page chain loops back to byte ${offset}`);
    if (seen.size >= MAX_TIFF_IFDS) throw new Error(`the TIFF file has more than ${MAX_TIFF_IFDS} pages`);
    seen.add(offset);
    const end = ifdEnd(r, offset);
    let width: number | undefined;
    let height: number | undefined;
    for (let entry = offset + 2; entry < end; entry += 12) {
      const tag = u16(r, entry);
      if (tag === 256) width = firstNumber(r, entry);
      else if (tag === 257) height = firstNumber(r, entry);
    }
    if (width && height) pages.push({ ifdOffset: offset, width, height });
    offset = u32(r, end);
  }
  if (!pages.length) throw new Error('the TIFF file has no pages');
  return pages;
}

/** One page's tags, every value inside the file; sub-IFDs (thumbnails, EXIF) are not followed. */
export function tiffPageTags(bytes: Uint8Array, page: TiffPage): TiffTags {
  const r = readerOf(bytes);
  const end = ifdEnd(r, page.ifdOffset);
  const tags: TiffTags = {};
  let values = 0;
  for (let entry = page.ifdOffset + 2; entry < end; entry += 12) {
    const [tag, type, count] = [u16(r, entry), u16(r, entry + 2), u32(r, entry + 4)];
    const size = TYPE_SIZES[type];
    if (!size) continue; // an unknown field type: readers skip it (TIFF 6.0 §2)
    const inline = count * size <= 4;
    const at = inline ? entry + 8 : u32(r, entry + 8);
    if (at + count * size > r.length) {
      throw new Error(`tag ${tag} of the TIFF page at byte ${page.ifdOffset} points outside the file`);
    }
    values += count;
    if (values > MAX_IFD_VALUES) throw new Error(`the TIFF page at byte ${page.ifdOffset} holds too many tag values`);
    tags[`t${tag}`] = tagValues(r, bytes, type, at, count);
  }
  return tags;
}

function tagValues(r: Reader, bytes: Uint8Array, type: number, at: number, count: number): unknown {
  if (type === 1 || type === 6 || type === 7) return bytes.subarray(at, at + count);
  if (type === 2) return [String.fromCharCode(...bytes.subarray(at, at + Math.min(count, 1024))).replace(/\0.*$/s, '')];
  const read: Record<number, (at: number) => number | [number, number]> = {
    3: (i) => u16(r, i),
    4: (i) => u32(r, i),
    5: (i) => [u32(r, i), u32(r, i + 4)],
    8: (i) => r.view.getInt16(i, r.little),
    9: (i) => r.view.getInt32(i, r.little),
    10: (i) => [r.view.getInt32(i, r.little), r.view.getInt32(i + 4, r.little)],
    11: (i) => r.view.getFloat32(i, r.little),
    12: (i) => r.view.getFloat64(i, r.little),
    13: (i) => u32(r, i),
  };
  const size = TYPE_SIZES[type]!;
  return Array.from({ length: count }, (_, k) => read[type]!(at + k * size));
}

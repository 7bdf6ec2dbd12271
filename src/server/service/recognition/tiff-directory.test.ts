/** A TIFF's pages read without trusting the file: loops, chains leaving the file and tags pointing outside it. */
import { describe, expect, it } from 'vitest';
import { MAX_TIFF_IFDS, tiffPages, tiffPageTags } from './tiff-directory';

/** A little-endian TIFF: the header, then one IFD per entry list, chained in order (or as `next` says). */
function tiff(ifds: [tag: number, type: number, count: number, value: number][][], next?: (index: number) => number) {
  const sizes = ifds.map((entries) => 2 + entries.length * 12 + 4);
  const offsets: number[] = [];
  for (let i = 0, at = 8; i < sizes.length; at += sizes[i]!, i++) offsets.push(at);
  const bytes = new Uint8Array(8 + sizes.reduce((a, b) => a + b, 0));
  const view = new DataView(bytes.buffer);
  bytes.set([0x49, 0x49]);
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  ifds.forEach((entries, i) => {
    const at = offsets[i]!;
    view.setUint16(at, entries.length, true);
    entries.forEach(([tag, type, count, value], k) => {
      view.setUint16(at + 2 + k * 12, tag, true);
      view.setUint16(at + 4 + k * 12, type, true);
      view.setUint32(at + 6 + k * 12, count, true);
      view.setUint32(at + 10 + k * 12, value, true);
    });
    view.setUint32(at + 2 + entries.length * 12, next ? next(i) : (offsets[i + 1] ?? 0), true);
  });
  return { bytes, offsets };
}

const page = (width: number, height: number): [number, number, number, number][] => [
  [256, 4, 1, width],
  [257, 3, 1, height],
];

describe('tiffPages', () => {
  it('lists the IFDs with a size, in file order', () => {
    const { bytes, offsets } = tiff([page(10, 20), [[305, 2, 4, 0x00636261]], page(30, 40)]);
    expect(tiffPages(bytes)).toEqual([
      { ifdOffset: offsets[0], width: 10, height: 20 },
      { ifdOffset: offsets[2], width: 30, height: 40 },
    ]);
  });

  it('refuses a chain that loops, to itself or further back', () => {
    expect(() => tiffPages(tiff([page(1, 1)], () => 8).bytes)).toThrow(
      "the TIFF file's page chain loops back to byte 8",
    );
    // Three pages of 30 bytes at bytes 8, 38 and 68; the third points back at the second.
    const { bytes } = tiff([page(1, 1), page(1, 1), page(1, 1)], (i) => (i < 2 ? 8 + 30 * (i + 1) : 38));
    expect(() => tiffPages(bytes)).toThrow('loops back to byte 38');
  });

  it('refuses a chain longer than MAX_TIFF_IFDS', () => {
    const { bytes } = tiff(Array.from({ length: MAX_TIFF_IFDS + 1 }, () => []));
    expect(() => tiffPages(bytes)).toThrow(`the TIFF file has more than ${MAX_TIFF_IFDS} pages`);
  });

  it('refuses IFDs outside the file, BigTIFF and files that are not TIFF', () => {
    expect(() => tiffPages(tiff([page(1, 1)], () => 1_000_000).bytes)).toThrow(
      /points outside the file \(byte 1000000\)/,
    );
    const { bytes } = tiff([page(1, 1)]);
    new DataView(bytes.buffer).setUint16(8, 500, true); // 500 entries do not fit
    expect(() => tiffPages(bytes)).toThrow('a TIFF page directory at byte 8 runs past the end of the file');
    expect(() => tiffPages(new Uint8Array([0x49, 0x49, 43, 0, 8, 0, 0, 0]))).toThrow('BigTIFF files are not supported');
    expect(() => tiffPages(new Uint8Array(16))).toThrow(/not a TIFF file/);
    expect(() => tiffPages(tiff([[[305, 2, 4, 0]]]).bytes)).toThrow('the TIFF file has no pages');
  });
});

describe('tiffPageTags', () => {
  it("reads a page's tags as utif2 keeps them", () => {
    const { bytes } = tiff([[...page(640, 480), [258, 3, 1, 8], [273, 4, 2, 8]]]);
    // The strip offsets (two LONGs) are stored at byte 8: the header's own bytes, inside the file.
    const tags = tiffPageTags(bytes, tiffPages(bytes)[0]!);
    expect(tags).toMatchObject({ t256: [640], t257: [480], t258: [8] });
    expect(tags.t273).toHaveLength(2);
  });

  it('refuses a tag whose values lie outside the file', () => {
    const { bytes } = tiff([[...page(640, 480), [273, 4, 0x3fffffff, 8]]]);
    expect(() => tiffPageTags(bytes, tiffPages(bytes)[0]!)).toThrow(
      'tag 273 of the TIFF page at byte 8 points outside the file',
    );
  });
});

/** The pixel size image files declare, read from their headers before any decoder sees them. */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { declaredImageSize } from './image-size';

function encoded(mime: 'image/png' | 'image/jpeg' | 'image/webp', width: number, height: number) {
  const canvas = createCanvas(width, height);
  // Two calls: toBuffer's overloads take one mime type each.
  return new Uint8Array(mime === 'image/png' ? canvas.toBuffer(mime) : canvas.toBuffer(mime));
}

describe('declaredImageSize', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp'] as const)('reads the size of an encoded %s', (mime) => {
    expect(declaredImageSize(encoded(mime, 123, 45), mime)).toEqual({ width: 123, height: 45 });
  });

  it('reads the lossless (VP8L) and lossy (VP8) headers a WEBP may start with, as the encoder writes VP8X', () => {
    const webp = (chunk: string, payload: number[]) => {
      const bytes = new Uint8Array(32);
      bytes.set(Buffer.from(`RIFF\0\0\0\0WEBP${chunk}\0\0\0\0`, 'latin1'));
      bytes.set(payload, 20);
      return bytes;
    };
    const bits = 300 | (6 << 14); // width - 1, height - 1: 14 bits each
    const vp8l = webp('VP8L', [0x2f, bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, 0]);
    expect(declaredImageSize(vp8l, 'image/webp')).toEqual({ width: 301, height: 7 });
    const vp8 = webp('VP8 ', [0, 0, 0, 0x9d, 0x01, 0x2a, 0xe0, 0x2e, 0x28, 0x23]); // 12000 wide, 9000 high
    expect(declaredImageSize(vp8, 'image/webp')).toEqual({ width: 12_000, height: 9_000 });
  });

  it('reads what a JPEG header declares past other segments, without its pixels', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
    const sof2 = [0xff, 0xc2, 0x00, 0x11, 0x08, 0xea, 0x60, 0x75, 0x30]; // progressive, 60000 high, 30000 wide
    const jpeg = new Uint8Array([0xff, 0xd8, ...app0, 0xff, ...sof2, 0, 0, 0]);
    expect(declaredImageSize(jpeg, 'image/jpeg')).toEqual({ width: 30_000, height: 60_000 });
  });

  it('throws on a file whose header is not what its content type says', () => {
    const png = encoded('image/png', 10, 10);
    expect(() => declaredImageSize(png, 'image/jpeg')).toThrow('the image/jpeg file has no readable image header');
    expect(() => declaredImageSize(png.subarray(0, 20), 'image/png')).toThrow(/no readable image header/);
    expect(() => declaredImageSize(new Uint8Array(40), 'image/webp')).toThrow(/no readable image header/);
  });
});

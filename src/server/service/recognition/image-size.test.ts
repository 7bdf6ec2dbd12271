/** The pixel size image files declare, read from their headers before any decoder sees them. */
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { declaredImageSize } from './image-size';

const encoded = (mime: 'image/png' | 'image/jpeg' | 'image/webp', width: number, height: number, quality?: number) =>
  new Uint8Array(createCanvas(width, height).toBuffer(mime as 'image/png', quality as never));

describe('declaredImageSize', () => {
  it.each(['image/png', 'image/jpeg', 'image/webp'] as const)('reads the size of an encoded %s', (mime) => {
    expect(declaredImageSize(encoded(mime, 123, 45), mime)).toEqual({ width: 123, height: 45 });
  });

  it('reads a lossless WEBP (VP8L) too', () => {
    expect(declaredImageSize(encoded('image/webp', 301, 7, 100), 'image/webp')).toEqual({ width: 301, height: 7 });
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

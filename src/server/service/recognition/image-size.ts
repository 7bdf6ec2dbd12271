/**
 * The pixel size a PNG, JPEG or WEBP file declares in its header, read before anything decodes it: a 429 KB PNG can
 * declare 20,000 × 20,000 pixels (1.6 GB once decoded), so the size is checked against the page pixel budget first.
 * Throws when the header cannot be read.
 */
export type PixelSize = { width: number; height: number };

export function declaredImageSize(bytes: Uint8Array, contentType: string): PixelSize {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size =
    contentType === 'image/png'
      ? pngSize(bytes, view)
      : contentType === 'image/jpeg'
        ? jpegSize(bytes, view)
        : webpSize(bytes, view);
  if (!size || !size.width || !size.height) throw new Error(`the ${contentType} file has no readable image header`);
  return size;
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

function pngSize(bytes: Uint8Array, view: DataView): PixelSize | undefined {
  // Signature (8 bytes), then the IHDR chunk: length, "IHDR", width, height (big-endian).
  if (bytes.length < 24 || view.getUint32(0) !== 0x89504e47 || ascii(bytes, 12, 4) !== 'IHDR') return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function jpegSize(bytes: Uint8Array, view: DataView): PixelSize | undefined {
  if (bytes.length < 4 || view.getUint16(0) !== 0xffd8) return undefined;
  // Marker segments up to the first start-of-frame (SOF0…SOF15 but DHT C4, JPG C8, DAC CC): height, then width.
  for (let at = 2; at + 9 <= bytes.length;) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // no length
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    }
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

function webpSize(bytes: Uint8Array, view: DataView): PixelSize | undefined {
  if (bytes.length < 30 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WEBP') return undefined;
  const chunk = ascii(bytes, 12, 4);
  const u24 = (at: number) => bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
  if (chunk === 'VP8X') return { width: u24(24) + 1, height: u24(27) + 1 };
  if (chunk === 'VP8L') {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ') return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  return undefined;
}

/// <reference lib="webworker" />
/**
 * Decodes TIFF pages off the main thread, one page at a time (a 300-dpi A4 page is ≈35 MB as RGBA), and hands each
 * back as a transferable ImageBitmap, so the page only draws it.
 */
import './pako-global';
import UTIF from 'utif2';
import type { TiffPageInfo, TiffRequest, TiffResponse } from './tiff-protocol';

type Ifd = ReturnType<typeof UTIF.decode>[number];

let file: ArrayBuffer | null = null;
let pages: Ifd[] = [];
/** The last two decoded pages: a page's thumbnail, or a zoom, right after its render does not decode it again. */
let recent: { index: number; image: ImageData }[] = [];

const post = (message: TiffResponse, transfer: Transferable[] = []) =>
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer);

function tagNumber(ifd: Ifd, tag: number): number | undefined {
  const value = ifd[`t${tag}`] as number[] | undefined;
  return Array.isArray(value) ? Number(value[0]) : undefined;
}

function dpi(ifd: Ifd, tag: number): number {
  const raw = tagNumber(ifd, tag);
  const unit = tagNumber(ifd, 296) ?? 2;
  if (!raw || !Number.isFinite(raw) || raw < 10) return 96;
  return unit === 3 ? raw * 2.54 : raw;
}

function decodePage(index: number): ImageData {
  const cached = recent.find((r) => r.index === index);
  if (cached) return cached.image;
  const ifd = pages[index];
  if (!file || !ifd) throw new Error(`Page ${index + 1} does not exist.`);
  UTIF.decodeImage(file, ifd);
  const rgba = UTIF.toRGBA8(ifd);
  const image = new ImageData(
    new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, ifd.width * ifd.height * 4),
    ifd.width,
    ifd.height,
  );
  // Free the page's decoded planes: only the RGBA copy is kept, and only until the next page.
  (ifd as { data?: unknown }).data = undefined;
  recent = [...recent.slice(-1), { index, image }];
  return image;
}

self.onmessage = async (event: MessageEvent<TiffRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'open') {
      file = request.bytes;
      recent = [];
      pages = UTIF.decode(file).filter((ifd) => tagNumber(ifd, 256) && tagNumber(ifd, 257));
      if (!pages.length) throw new Error('The TIFF file has no pages.');
      const info: TiffPageInfo[] = pages.map((ifd) => ({
        width: tagNumber(ifd, 256)!,
        height: tagNumber(ifd, 257)!,
        dpiX: dpi(ifd, 282),
        dpiY: dpi(ifd, 283),
      }));
      post({ id: request.id, type: 'opened', pages: info });
      return;
    }
    const image = decodePage(request.index);
    const bitmap =
      request.width && request.width < image.width
        ? await createImageBitmap(image, {
            resizeWidth: Math.round(request.width),
            resizeHeight: Math.max(1, Math.round((image.height * request.width) / image.width)),
            resizeQuality: 'medium',
          })
        : await createImageBitmap(image);
    post({ id: request.id, type: 'page', bitmap }, [bitmap]);
  } catch (error) {
    post({ id: request.id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};

/**
 * A document opened for recognition, one page at a time: its page count first, then any page as a raster tesseract
 * reads. A PNG, JPEG or WEBP is its own one page; a TIFF page is decoded (utif2, tags read by tiff-directory.ts)
 * and re-encoded as PNG; a PDF page is rendered (pdf.js onto @napi-rs/canvas) only when it has no text layer. Every
 * page stays within a pixel budget, checked on the size a file declares before anything is decoded: an image over it
 * fails its document, a TIFF page over it is not recognised, a PDF page is rendered smaller. Runs in the recognition
 * process: decoding and rendering take hundreds of milliseconds a page.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import UTIF from 'utif2';
import type { OcrNotRecognisedReason } from '@/contract/ocr';
import { declaredImageSize } from './image-size';
import { tiffPages, tiffPageTags, type TiffPage } from './tiff-directory';

export type PageRaster = { page: number; width: number; height: number; image: Uint8Array };

/** What one page gives: a raster to recognise, nothing (a PDF page with a text layer), or why it cannot be read. */
export type PageOutcome =
  | { type: 'raster'; raster: PageRaster }
  | { type: 'text-layer' }
  | { type: 'not-recognised'; reason: Extract<OcrNotRecognisedReason, 'too-large' | 'unreadable'>; message: string };

export interface PagedDocument {
  pageCount: number;
  page(index: number): Promise<PageOutcome>;
  close(): Promise<void>;
}

/** pdf.js renders at this many pixels per PDF point: 144 dpi, enough for body text without slowing recognition. */
const PDF_RENDER_SCALE = 2;
/** Bits per pixel a TIFF page may declare (16-bit RGBA is 64). */
const MAX_TIFF_BITS_PER_PIXEL = 64;

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));

const count = (n: number) => n.toLocaleString('en-US');
const overBudget = (what: string, width: number, height: number, maxPixels: number) =>
  `${what} declares ${width} × ${height} pixels, more than the ${count(maxPixels)} a page may have (DPS_OCR_MAX_PAGE_PIXELS)`;

/** Opens the document; throws (with the reason) when the file as a whole cannot be read. */
export async function openPages(bytes: Uint8Array, contentType: string, maxPixels: number): Promise<PagedDocument> {
  if (contentType === 'image/tiff') return openTiff(bytes, maxPixels);
  if (contentType === 'application/pdf') return openPdf(bytes, maxPixels);
  if (contentType === 'image/png' || contentType === 'image/jpeg' || contentType === 'image/webp') {
    const { width, height } = declaredImageSize(bytes, contentType);
    if (width * height > maxPixels) throw new Error(overBudget(`the ${contentType} file`, width, height, maxPixels));
    const image = await loadImage(Buffer.from(bytes)).catch(() => {
      throw new Error(`the ${contentType} file could not be decoded`);
    });
    const raster = { page: 0, width: image.width, height: image.height, image: bytes };
    return { pageCount: 1, page: async () => ({ type: 'raster', raster }), close: async () => undefined };
  }
  throw new Error(`${contentType} has no pages to recognise`);
}

function openTiff(bytes: Uint8Array, maxPixels: number): PagedDocument {
  const pages = tiffPages(bytes);
  return {
    pageCount: pages.length,
    page: async (index) => {
      const page = pages[index]!;
      if (page.width * page.height > maxPixels) {
        return {
          type: 'not-recognised',
          reason: 'too-large',
          message: overBudget('the page', page.width, page.height, maxPixels),
        };
      }
      try {
        return { type: 'raster', raster: tiffRaster(bytes, index, page, maxPixels) };
      } catch (error) {
        return { type: 'not-recognised', reason: 'unreadable', message: (error as Error).message };
      }
    },
    close: async () => undefined,
  };
}

function tiffRaster(bytes: Uint8Array, index: number, page: TiffPage, maxPixels: number): PageRaster {
  const ifd = tiffPageTags(bytes, page) as UTIF.IFD;
  const first = (tag: number) => (ifd[`t${tag}`] as number[] | undefined)?.[0];
  const bitsPerPixel = (first(258) ?? 1) * (first(277) ?? 1);
  if (bitsPerPixel > MAX_TIFF_BITS_PER_PIXEL) throw new Error(`the page declares ${bitsPerPixel} bits per pixel`);
  const [tileWidth, tileHeight] = [first(322) ?? 0, first(323) ?? 0];
  if (tileWidth * tileHeight > maxPixels)
    throw new Error(overBudget('a tile of the page', tileWidth, tileHeight, maxPixels));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  UTIF.decodeImage(buffer, ifd);
  const rgba = UTIF.toRGBA8(ifd);
  const { width, height } = page;
  const canvas = createCanvas(width, height);
  canvas
    .getContext('2d')
    .putImageData(
      new ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, width * height * 4), width, height),
      0,
      0,
    );
  return { page: index, width, height, image: canvas.toBuffer('image/png') };
}

async function openPdf(bytes: Uint8Array, maxPixels: number): Promise<PagedDocument> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({
    // pdf.js takes ownership of (detaches) the buffer it gets.
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${pdfjsDir}/standard_fonts/`,
    cMapUrl: `${pdfjsDir}/cmaps/`,
    wasmUrl: `${pdfjsDir}/wasm/`,
    verbosity: 0,
    isEvalSupported: false,
    // An image inside a page is decoded at its own size whatever the rendering scale: the same budget.
    maxImageSize: maxPixels,
  }).promise;
  return {
    pageCount: pdf.numPages,
    page: async (index) => {
      const page = await pdf.getPage(index + 1);
      const text = await page.getTextContent();
      // A page with a text layer is selectable as it is.
      if (text.items.some((item) => 'str' in item && item.str.trim() !== '')) return { type: 'text-layer' };
      // Rendered smaller than 144 dpi when that would pass the budget (a poster-sized page).
      const points = page.getViewport({ scale: 1 });
      const scale = Math.min(PDF_RENDER_SCALE, Math.sqrt(maxPixels / (points.width * points.height)) * 0.999);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
      await page.render({
        canvas: canvas as never,
        canvasContext: canvas.getContext('2d') as never,
        viewport,
        background: '#ffffff',
      }).promise;
      page.cleanup();
      const raster = { page: index, width: canvas.width, height: canvas.height, image: canvas.toBuffer('image/png') };
      return { type: 'raster', raster };
    },
    close: () => pdf.destroy(),
  };
}

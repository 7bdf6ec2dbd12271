/**
 * The pages of a document that need recognition, as rasters tesseract reads: a PNG, JPEG or WEBP is its own one
 * page; every TIFF page is decoded (utif2) and re-encoded as PNG; a PDF page is rendered (pdf.js onto
 * @napi-rs/canvas) only when it has no text layer. Runs in the recognition worker thread: decoding and rendering
 * take hundreds of milliseconds a page.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import UTIF from 'utif2';

export type PageRaster = { page: number; width: number; height: number; image: Uint8Array };

/** pdf.js renders at this many pixels per PDF point: 144 dpi, enough for body text without slowing recognition. */
const PDF_RENDER_SCALE = 2;

const require = createRequire(import.meta.url);
const pdfjsDir = path.dirname(require.resolve('pdfjs-dist/package.json'));

type Ifd = ReturnType<typeof UTIF.decode>[number];
const tagNumber = (ifd: Ifd, tag: number): number | undefined => {
  const value = ifd[`t${tag}`] as number[] | undefined;
  return Array.isArray(value) ? Number(value[0]) : undefined;
};

export async function* pageRasters(bytes: Uint8Array, contentType: string): AsyncGenerator<PageRaster> {
  if (contentType === 'image/tiff') yield* tiffPages(bytes);
  else if (contentType === 'application/pdf') yield* pdfPagesWithoutText(bytes);
  else if (contentType === 'image/png' || contentType === 'image/jpeg' || contentType === 'image/webp') {
    const image = await loadImage(Buffer.from(bytes)).catch(() => {
      throw new Error(`the ${contentType} file could not be decoded`);
    });
    yield { page: 0, width: image.width, height: image.height, image: bytes };
  } else throw new Error(`${contentType} has no pages to recognise`);
}

function* tiffPages(bytes: Uint8Array): Generator<PageRaster> {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const pages = UTIF.decode(buffer).filter((ifd) => tagNumber(ifd, 256) && tagNumber(ifd, 257));
  if (!pages.length) throw new Error('the TIFF file has no pages');
  for (const [page, ifd] of pages.entries()) {
    UTIF.decodeImage(buffer, ifd);
    const rgba = UTIF.toRGBA8(ifd);
    const { width, height } = ifd;
    const canvas = createCanvas(width, height);
    canvas
      .getContext('2d')
      .putImageData(
        new ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, width * height * 4), width, height),
        0,
        0,
      );
    // Only the PNG is kept: the decoded planes of a 300-dpi page are tens of megabytes.
    (ifd as { data?: unknown }).data = undefined;
    yield { page, width, height, image: canvas.toBuffer('image/png') };
  }
}

async function* pdfPagesWithoutText(bytes: Uint8Array): AsyncGenerator<PageRaster> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({
    // pdf.js takes ownership of (detaches) the buffer it gets.
    data: new Uint8Array(bytes),
    standardFontDataUrl: `${pdfjsDir}/standard_fonts/`,
    cMapUrl: `${pdfjsDir}/cmaps/`,
    wasmUrl: `${pdfjsDir}/wasm/`,
    verbosity: 0,
    isEvalSupported: false,
  }).promise;
  try {
    for (let index = 0; index < pdf.numPages; index++) {
      const page = await pdf.getPage(index + 1);
      const text = await page.getTextContent();
      // A page with a text layer is selectable as it is.
      if (text.items.some((item) => 'str' in item && item.str.trim() !== '')) continue;
      const viewport = page.getViewport({ scale: PDF_RENDER_SCALE });
      const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
      await page.render({
        canvas: canvas as never,
        canvasContext: canvas.getContext('2d') as never,
        viewport,
        background: '#ffffff',
      }).promise;
      page.cleanup();
      yield { page: index, width: canvas.width, height: canvas.height, image: canvas.toBuffer('image/png') };
    }
  } finally {
    await pdf.destroy();
  }
}

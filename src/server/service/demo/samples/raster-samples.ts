import { readFileSync } from 'node:fs';
import { invoiceData, type InvoiceData } from './invoice-data';
import { encodePng } from './png';
import { drawInvoicePage } from './raster';
import { encodeTiff, type TiffCompression } from './tiff';
import { serverFile } from '@/server/shared/server-files';

/** Seed of the invoice drawn in the committed JPEG and WEBP assets (see scripts/make-sample-assets.ts). */
export const RASTER_ASSET_SEED = 3;
export const RASTER_ASSET_SIZE = { width: 640, height: 820 } as const;

export function makeInvoicePng(
  options: { seed?: number; width?: number; height?: number; data?: InvoiceData } = {},
): Uint8Array {
  const data = options.data ?? invoiceData({ seed: options.seed ?? 2 });
  return encodePng(drawInvoicePage(data, { width: options.width, height: options.height }));
}

export type InvoiceTiffOptions = {
  pageCount?: number;
  width?: number;
  height?: number;
  seed?: number;
  compression?: TiffCompression;
  data?: InvoiceData;
};

/** A multi-page TIFF: page 1 is the invoice, later pages its continuation, each with a "PAGE i OF n" footer. */
export function makeInvoiceTiff(options: InvoiceTiffOptions = {}): Uint8Array {
  const pageCount = Math.max(1, Math.floor(options.pageCount ?? 3));
  const data = options.data ?? invoiceData({ seed: options.seed ?? 4 });
  const pages = Array.from({ length: pageCount }, (_, page) =>
    drawInvoicePage(data, { width: options.width ?? 850, height: options.height ?? 1100, page, pageCount }),
  );
  return encodeTiff(pages, { compression: options.compression });
}

function asset(name: string): Uint8Array {
  return new Uint8Array(readFileSync(serverFile(import.meta.url, `../assets/${name}`, `files/demo-assets/${name}`)));
}

/**
 * JPEG and WEBP have no encoder in this project: these are real files made once by Chromium's canvas from
 * `makeInvoicePng({ seed: RASTER_ASSET_SEED })` (regenerate with `npx tsx scripts/make-sample-assets.ts`).
 */
export function invoiceJpeg(): Uint8Array {
  return asset('invoice.jpg');
}
export function invoiceWebp(): Uint8Array {
  return asset('invoice.webp');
}

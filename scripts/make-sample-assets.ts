/**
 * Regenerates the demo samples' src/server/service/demo/assets/invoice.jpg and invoice.webp: draws the seeded invoice
 * PNG into a Chromium canvas and saves `canvas.toDataURL('image/jpeg' | 'image/webp', 0.9)`.
 * Run: `npx tsx scripts/make-sample-assets.ts`.
 */
import { writeFileSync } from 'node:fs';
import { launchChromium } from '../e2e/support/chromium';
import {
  RASTER_ASSET_SEED,
  RASTER_ASSET_SIZE,
  makeInvoicePng,
} from '../src/server/service/demo/samples/raster-samples';

const png = makeInvoicePng({ seed: RASTER_ASSET_SEED, ...RASTER_ASSET_SIZE });
const browser = await launchChromium();
try {
  const page = await browser.newPage();
  const encoded = await page.evaluate(async (pngBase64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${pngBase64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext('2d')!.drawImage(image, 0, 0);
    return { jpeg: canvas.toDataURL('image/jpeg', 0.9), webp: canvas.toDataURL('image/webp', 0.9) };
  }, Buffer.from(png).toString('base64'));
  for (const [name, url] of [
    ['invoice.jpg', encoded.jpeg],
    ['invoice.webp', encoded.webp],
  ] as const) {
    const bytes = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    writeFileSync(new URL(`../src/server/service/demo/assets/${name}`, import.meta.url), bytes);
    console.log(`${name}: ${bytes.length} bytes`);
  }
} finally {
  await browser.close();
}

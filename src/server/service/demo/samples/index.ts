/**
 * Real sample files of every document content type, deterministic, as Uint8Array, and the encoders that make them.
 * Used by the demo data and the service tests; e2e/helpers/document-fixtures.ts builds the viewer's test documents
 * with the same encoders.
 */
import type { ContentType, GroundTruthEntry } from '@/contract';
import { invoiceData, invoiceGroundTruth, type InvoiceData } from './invoice-data';
import { makeInvoiceEmail } from './email';
import { makeInvoicePdf } from './invoice-pdf';
import { RASTER_ASSET_SEED, invoiceJpeg, invoiceWebp, makeInvoicePng, makeInvoiceTiff } from './raster-samples';

export { invoiceData, formatAmount, type InvoiceData } from './invoice-data';
export { makeInvoicePdf } from './invoice-pdf';
export { makeInvoicePng, makeInvoiceTiff, invoiceJpeg, invoiceWebp } from './raster-samples';
export { encodeEmail, makeInvoiceEmail } from './email';
export { encodePng } from './png';
export { encodeTiff, packBits } from './tiff';
export { createImage, drawInvoicePage, fillRect, type RgbaImage } from './raster';

export type SampleFile = {
  name: string;
  contentType: ContentType;
  bytes: Uint8Array;
  /** The invoice the file shows, and ground truth that matches it. */
  data: InvoiceData;
  groundTruth: GroundTruthEntry[];
};

/** One sample of each content type (the demo documents). */
export async function makeSampleFiles(): Promise<SampleFile[]> {
  const pdfData = invoiceData({ seed: 1, lineCount: 12 });
  const pdf = await makeInvoicePdf({ pageCount: 3, data: pdfData });
  const pngData = invoiceData({ seed: 2 });
  const jpegData = invoiceData({ seed: RASTER_ASSET_SEED });
  const tiffData = invoiceData({ seed: 4 });
  const emailData = invoiceData({ seed: 5 });
  const emailPdf = await makeInvoicePdf({ pageCount: 1, data: emailData });
  return [
    {
      name: `${pdfData.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
      bytes: pdf,
      data: pdfData,
      groundTruth: invoiceGroundTruth(pdfData, 2),
    },
    {
      name: `${pngData.invoiceNumber}.png`,
      contentType: 'image/png',
      bytes: makeInvoicePng({ data: pngData }),
      data: pngData,
      groundTruth: invoiceGroundTruth(pngData),
    },
    {
      name: `${jpegData.invoiceNumber}.jpg`,
      contentType: 'image/jpeg',
      bytes: invoiceJpeg(),
      data: jpegData,
      groundTruth: invoiceGroundTruth(jpegData),
    },
    {
      name: `${tiffData.invoiceNumber}.tiff`,
      contentType: 'image/tiff',
      bytes: makeInvoiceTiff({ data: tiffData, pageCount: 3 }),
      data: tiffData,
      groundTruth: invoiceGroundTruth(tiffData),
    },
    {
      name: `${jpegData.invoiceNumber}.webp`,
      contentType: 'image/webp',
      bytes: invoiceWebp(),
      data: jpegData,
      groundTruth: invoiceGroundTruth(jpegData),
    },
    {
      name: `${emailData.invoiceNumber}.eml`,
      contentType: 'message/rfc822',
      bytes: makeInvoiceEmail({ data: emailData, attachment: emailPdf }),
      data: emailData,
      groundTruth: invoiceGroundTruth(emailData),
    },
  ];
}

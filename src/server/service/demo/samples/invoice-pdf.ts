import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { formatAmount, invoiceData, type InvoiceData } from './invoice-data';

export type InvoicePdfOptions = {
  /** Number of pages (≥ 1). Line items are spread over the pages; the totals are on the last one. */
  pageCount?: number;
  seed?: number;
  /** The invoice to draw; defaults to `invoiceData({ seed, lineCount: pageCount * 6 })`. */
  data?: InvoiceData;
};

const FIXED_DATE = new Date(Date.UTC(2024, 0, 1));

/**
 * A real multi-page PDF with a text layer (standard Helvetica, so every string is selectable and extractable).
 * Deterministic: fixed metadata dates, no random ids.
 */
export async function makeInvoicePdf(options: InvoicePdfOptions = {}): Promise<Uint8Array> {
  const pageCount = Math.max(1, Math.floor(options.pageCount ?? 2));
  const data = options.data ?? invoiceData({ seed: options.seed, lineCount: Math.min(pageCount * 6, 30_000) });
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Invoice ${data.invoiceNumber}`);
  doc.setAuthor(data.vendorName);
  doc.setCreator('DPS Console demo samples');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const perPage = Math.ceil(data.lines.length / pageCount);

  for (let pageIndex = 0; pageIndex < pageCount; pageIndex += 1) {
    const page = doc.addPage([612, 792]);
    const text = (value: string, x: number, y: number, size = 10, font = regular) =>
      page.drawText(value, { x, y, size, font, color: rgb(0.1, 0.1, 0.15) });
    let y = 740;
    if (pageIndex === 0) {
      page.drawRectangle({ x: 0, y: 752, width: 612, height: 40, color: rgb(0.12, 0.23, 0.45) });
      page.drawText(data.vendorName, { x: 50, y: 766, size: 16, font: bold, color: rgb(1, 1, 1) });
      y = 725;
      text(data.vendorAddress, 50, y);
      text(`VAT ID: ${data.vendorVatId}`, 50, (y -= 14));
      text('INVOICE', 430, 725, 20, bold);
      text(`Invoice number: ${data.invoiceNumber}`, 380, 700);
      text(`Invoice date: ${data.invoiceDate}`, 380, 686);
      text(`Due date: ${data.dueDate}`, 380, 672);
      text(`Purchase order: ${data.purchaseOrder}`, 380, 658);
      text('Bill to:', 50, (y -= 30), 10, bold);
      text(data.customerName, 50, (y -= 14));
      text(data.customerAddress, 50, (y -= 14));
      y -= 40;
    } else {
      text(`${data.vendorName} - Invoice ${data.invoiceNumber} (continued)`, 50, y, 10, bold);
      y -= 30;
    }
    text('Description', 50, y, 10, bold);
    text('Qty', 360, y, 10, bold);
    text('Unit price', 410, y, 10, bold);
    text('Amount', 500, y, 10, bold);
    page.drawLine({ start: { x: 50, y: y - 4 }, end: { x: 562, y: y - 4 }, thickness: 0.5 });
    y -= 18;
    for (const line of data.lines.slice(pageIndex * perPage, (pageIndex + 1) * perPage)) {
      text(line.description, 50, y);
      text(String(line.quantity), 360, y);
      text(formatAmount(line.unitPrice), 410, y);
      text(formatAmount(line.amount), 500, y);
      y -= 15;
    }
    if (pageIndex === pageCount - 1) {
      y -= 20;
      text(`Subtotal: ${data.currency} ${formatAmount(data.subtotal)}`, 380, y);
      text(
        `Tax (${Math.round(data.taxRate * 100)}%): ${data.currency} ${formatAmount(data.taxAmount)}`,
        380,
        (y -= 14),
      );
      text(`Total due: ${data.currency} ${formatAmount(data.totalAmount)}`, 380, y - 16, 12, bold);
      text(`Payment terms: ${data.paymentTerms}`, 50, 90);
      text(`IBAN: ${data.iban}`, 50, 76);
    }
    text(`Page ${pageIndex + 1} of ${pageCount}`, 500, 40, 8);
  }
  return doc.save({ useObjectStreams: false });
}

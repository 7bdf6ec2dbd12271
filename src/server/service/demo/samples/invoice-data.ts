/**
 * Deterministic invoice-like content shared by every sample format, so a document's ground truth matches what its
 * pages show. Same seed → same invoice, byte for byte.
 */

export type InvoiceLine = { description: string; quantity: number; unitPrice: number; amount: number };

export type InvoiceData = {
  vendorName: string;
  vendorAddress: string;
  vendorVatId: string;
  customerName: string;
  customerAddress: string;
  invoiceNumber: string;
  purchaseOrder: string;
  invoiceDate: string;
  dueDate: string;
  currency: 'USD' | 'EUR' | 'GBP';
  lines: InvoiceLine[];
  subtotal: number;
  taxRate: number;
  taxAmount: number;
  totalAmount: number;
  paymentTerms: string;
  iban: string;
};

const VENDORS = [
  ['Northwind Office Supply Co.', '400 Harbor Blvd, Seattle, WA 98101', 'US-947201385'],
  ['Bergmann Industriebedarf GmbH', 'Hafenstrasse 12, 20457 Hamburg', 'DE-281937465'],
  ['Kestrel Logistics Ltd', '18 Canal Street, Manchester M1 3HW', 'GB-318276451'],
  ['Atelier Lumiere SARL', '7 Rue des Arts, 69002 Lyon', 'FR-74839201573'],
] as const;
const CUSTOMERS = [
  ['Contoso Manufacturing Inc.', '1 Microsoft Way, Redmond, WA 98052'],
  ['Fabrikam Retail Group', '55 Market Square, Boston, MA 02109'],
  ['Tailspin Toys AB', 'Sveavagen 20, 111 57 Stockholm'],
] as const;
const ITEMS = [
  ['Printer paper A4, 80 g, box of 5 reams', 24.5],
  ['Toner cartridge TN-2420, black', 61.9],
  ['Ergonomic office chair, model K7', 189],
  ['USB-C docking station, 12 ports', 149.99],
  ['Freight and handling', 35],
  ['Whiteboard markers, assorted, pack of 12', 9.75],
  ['Consulting services, hourly', 120],
  ['Archive boxes, heavy duty, pack of 10', 18.4],
  ['Network switch, 24 port gigabit', 229],
  ['Annual software maintenance', 480],
] as const;
const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;

/** mulberry32: a tiny seeded PRNG, so samples never depend on Math.random. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const pad = (value: number, width = 2) => String(value).padStart(width, '0');

export function invoiceData(options: { seed?: number; lineCount?: number } = {}): InvoiceData {
  const seed = options.seed ?? 1;
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const [vendorName, vendorAddress, vendorVatId] = pick(VENDORS);
  const [customerName, customerAddress] = pick(CUSTOMERS);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const issued = new Date(Date.UTC(2024, month - 1, day));
  const due = new Date(issued.getTime() + 30 * 86_400_000);
  const isoDate = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const lineCount = options.lineCount ?? 3 + Math.floor(random() * 4);
  const lines: InvoiceLine[] = [];
  for (let index = 0; index < lineCount; index += 1) {
    const [description, unitPrice] = pick(ITEMS);
    const quantity = 1 + Math.floor(random() * 9);
    lines.push({ description, quantity, unitPrice, amount: round2(quantity * unitPrice) });
  }
  const subtotal = round2(lines.reduce((sum, line) => sum + line.amount, 0));
  const taxRate = pick([0.07, 0.19, 0.2, 0.25]);
  const taxAmount = round2(subtotal * taxRate);
  return {
    vendorName,
    vendorAddress,
    vendorVatId,
    customerName,
    customerAddress,
    invoiceNumber: `INV-2024-${pad(1 + Math.floor(random() * 9999), 4)}`,
    purchaseOrder: `PO-${pad(10000 + Math.floor(random() * 89999), 5)}`,
    invoiceDate: isoDate(issued),
    dueDate: isoDate(due),
    currency: pick(CURRENCIES),
    lines,
    subtotal,
    taxRate,
    taxAmount,
    totalAmount: round2(subtotal + taxAmount),
    paymentTerms: 'Net 30 days',
    iban: `DE${pad(10 + Math.floor(random() * 89))} 3704 0044 0532 ${pad(Math.floor(random() * 9999), 4)} 00`,
  };
}

export function formatAmount(value: number): string {
  return value.toFixed(2);
}

/** The lines of text a rendered invoice shows, top to bottom (used by the raster formats). */
export function invoiceTextLines(data: InvoiceData): string[] {
  return [
    `INVOICE ${data.invoiceNumber}`,
    `DATE ${data.invoiceDate}   DUE ${data.dueDate}`,
    `PO ${data.purchaseOrder}`,
    `BILL TO: ${data.customerName}`,
    '',
    ...data.lines.map((line) => `${line.quantity} X ${line.description.slice(0, 28)}  ${formatAmount(line.amount)}`),
    '',
    `SUBTOTAL ${data.currency} ${formatAmount(data.subtotal)}`,
    `TAX ${Math.round(data.taxRate * 100)}% ${data.currency} ${formatAmount(data.taxAmount)}`,
    `TOTAL ${data.currency} ${formatAmount(data.totalAmount)}`,
  ];
}

/** Ground-truth entries (seed shape: label, value, pages, rawValue, confidence) for an invoice shown on page 0. */
export function invoiceGroundTruth(data: InvoiceData, totalsPage = 0) {
  return [
    { label: 'vendor_name', value: data.vendorName, rawValue: data.vendorName, pages: [0], confidence: 1 },
    { label: 'invoice_number', value: data.invoiceNumber, rawValue: data.invoiceNumber, pages: [0], confidence: 1 },
    { label: 'invoice_date', value: data.invoiceDate, rawValue: data.invoiceDate, pages: [0], confidence: 1 },
    { label: 'due_date', value: data.dueDate, rawValue: data.dueDate, pages: [0], confidence: 1 },
    { label: 'purchase_order', value: data.purchaseOrder, rawValue: data.purchaseOrder, pages: [0], confidence: 1 },
    { label: 'currency', value: data.currency, rawValue: data.currency, pages: [totalsPage], confidence: 1 },
    {
      label: 'subtotal',
      value: formatAmount(data.subtotal),
      rawValue: formatAmount(data.subtotal),
      pages: [totalsPage],
      confidence: 1,
    },
    {
      label: 'tax_amount',
      value: formatAmount(data.taxAmount),
      rawValue: formatAmount(data.taxAmount),
      pages: [totalsPage],
      confidence: 1,
    },
    {
      label: 'total_amount',
      value: formatAmount(data.totalAmount),
      rawValue: formatAmount(data.totalAmount),
      pages: [totalsPage],
      confidence: 1,
    },
  ];
}

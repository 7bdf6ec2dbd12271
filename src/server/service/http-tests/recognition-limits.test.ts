/**
 * Text recognition under hostile or heavy uploads (issue 25): organizations take turns page by page, so a 3,000-page
 * TIFF of one organization holds another's one-page PNG back by a page; deleting or replacing a document stops its
 * recognition; a TIFF whose page chain loops and a PNG declaring 20,000 × 20,000 pixels fail fast with a clear
 * reason and the queue goes on; pages past DPS_OCR_MAX_PAGES, over DPS_OCR_PAGE_TIMEOUT_MS or over
 * DPS_OCR_MAX_PAGE_PIXELS are reported as not recognised; the recognition process runs with a capped heap. Fixtures
 * are built here, byte by byte.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSchema } from '@/contract';
import { ocrResultSchema, type OcrResult } from '@/contract/ocr';
import { invoiceData, makeInvoicePng, makeInvoiceTiff } from '@/server/service/demo/samples';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';

// ---- fixtures ----

type TiffPageSpec = { width: number; height: number };

/**
 * A little-endian TIFF of blank 8-bit grey pages. Pages of one size share one strip of white pixels, so 3,000
 * A4-at-100-dpi pages take 1.3 MB. `loop` points the last page's next-IFD offset back at the first IFD.
 */
function blankTiff(pages: TiffPageSpec[], options: { loop?: boolean } = {}): Uint8Array {
  const TAGS = 9;
  const ifdSize = 2 + TAGS * 12 + 4;
  const sizes = [...new Set(pages.map((p) => `${p.width}x${p.height}`))];
  const strips = new Map<string, { offset: number; length: number }>();
  let offset = 8;
  for (const size of sizes) {
    const [width, height] = size.split('x').map(Number) as [number, number];
    strips.set(size, { offset, length: width * height });
    offset += width * height;
  }
  const firstIfd = offset;
  const bytes = new Uint8Array(firstIfd + pages.length * ifdSize);
  const view = new DataView(bytes.buffer);
  bytes.set([0x49, 0x49]);
  view.setUint16(2, 42, true);
  view.setUint32(4, firstIfd, true);
  bytes.fill(0xff, 8, firstIfd);
  pages.forEach((page, index) => {
    const strip = strips.get(`${page.width}x${page.height}`)!;
    const at = firstIfd + index * ifdSize;
    view.setUint16(at, TAGS, true);
    const entries: [tag: number, type: number, value: number][] = [
      [256, 4, page.width],
      [257, 4, page.height],
      [258, 3, 8], // bits per sample
      [259, 3, 1], // no compression
      [262, 3, 1], // black is zero: 0xff is white
      [273, 4, strip.offset],
      [277, 3, 1], // samples per pixel
      [278, 4, page.height], // rows per strip
      [279, 4, strip.length],
    ];
    entries.forEach(([tag, type, value], k) => {
      const entry = at + 2 + k * 12;
      view.setUint16(entry, tag, true);
      view.setUint16(entry + 2, type, true);
      view.setUint32(entry + 4, 1, true);
      if (type === 3) view.setUint16(entry + 8, value, true);
      else view.setUint32(entry + 8, value, true);
    });
    const last = index === pages.length - 1;
    view.setUint32(at + 2 + TAGS * 12, last ? (options.loop ? firstIfd : 0) : at + ifdSize, true);
  });
  return bytes;
}

const a4 = { width: 850, height: 1100 };

/** A valid PNG declaring width × height pixels, 1-bit grey, every row blank: tens of KB, gigabytes decoded. */
function bombPng(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    out.set(data, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grey, deflate, no filter, no interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8))); // filter byte 0, all pixels 0
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A PDF of one scanned page (no text layer): the invoice PNG drawn over a US-letter page. */
async function scannedPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const scan = await pdf.embedPng(makeInvoicePng({ data: invoiceData({ seed: 7 }) }));
  pdf.addPage([612, 792]).drawImage(scan, { x: 20, y: 20, width: 560, height: 717 });
  return pdf.save();
}

// ---- helpers ----

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function upload(api: ApiClient, bytes: Uint8Array, contentType: string) {
  const created = await api.post('/documents', { content: base64(bytes), contentType });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return documentSchema.parse(created.body);
}

async function readOcr(api: ApiClient, url: string): Promise<OcrResult> {
  const got = await api.get(url);
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  return ocrResultSchema.parse(got.body);
}

/** Polls until `until` holds, for at most `seconds` (a functional wait: then the last answer is returned). */
async function poll(api: ApiClient, url: string, until: (r: OcrResult) => boolean, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const result = await readOcr(api, url);
    if (until(result) || Date.now() > deadline) return result;
    await sleep(200);
  }
}
const isSettled = (r: OcrResult) => r.status === 'done' || r.status === 'failed';
const hasPages = (r: OcrResult) => r.pages.length > 0;
const words = (result: OcrResult, page = 0) => result.pages.find((p) => p.page === page)?.words.map((w) => w.text);

/** The recognition processes below this one, by their command lines. */
function recognitionCommandLines(): string[] {
  const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
  const descends = (pid: number) => {
    for (let at = pid, hops = 0; at > 1 && hops < 10; hops++) if ((at = parentOf(at)) === process.pid) return true;
    return false;
  };
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
        return cmdline.includes('recognition-process-entry') && descends(Number(name)) ? [cmdline] : [];
      } catch {
        return []; // ended meanwhile
      }
    });
}

// ---- the service with default limits ----

describe('recognition with the default limits', () => {
  let svc: TestService;
  let api: ApiClient;
  const bigTiff = blankTiff(Array.from({ length: 3000 }, () => a4));

  beforeAll(async () => {
    svc = await startTestService();
    api = apiClient(svc.baseUrl, await svc.getToken());
  });
  afterAll(() => svc?.close());

  it('the fixture: 3,000 blank pages in 1.3 MB', () => {
    expect(bigTiff.length).toBeGreaterThan(1_200_000);
    expect(bigTiff.length).toBeLessThan(1_400_000);
  });

  it("organizations take turns: another organization's PNG is recognised while a 3,000-page TIFF is in progress", async () => {
    const tiff = await upload(api, bigTiff, 'image/tiff');
    const started = await poll(api, tiff.ocrFileUrl!, hasPages, 60);
    expect(started.status).toBe('running');

    const other = await svc.createTenant();
    const otherApi = apiClient(svc.baseUrl, await other.getToken());
    const png = await upload(otherApi, makeInvoicePng({ data: invoiceData({ seed: 2 }) }), 'image/png');
    const recognised = await poll(otherApi, png.ocrFileUrl!, isSettled, 30);
    expect(recognised.status).toBe('done');
    expect(words(recognised)).toContain('TOTAL');

    const meanwhile = await readOcr(api, tiff.ocrFileUrl!);
    expect(meanwhile.status).toBe('running');
    expect(meanwhile.pageCount).toBe(3000);
    expect(meanwhile.pages.length).toBeLessThan(200);
    expect((await api.delete(`/documents/${tiff.documentId}`)).status).toBe(200);
  }, 120_000);

  it("deleting a document stops its recognition: the organization's next upload is recognised within seconds", async () => {
    const tiff = await upload(api, bigTiff, 'image/tiff');
    expect((await poll(api, tiff.ocrFileUrl!, hasPages, 60)).status).toBe('running');
    expect((await api.delete(`/documents/${tiff.documentId}`)).status).toBe(200);

    // Same organization, uploaded after the TIFF: it waits for nothing but the page in work.
    const png = await upload(api, makeInvoicePng({ data: invoiceData({ seed: 3 }) }), 'image/png');
    const recognised = await poll(api, png.ocrFileUrl!, isSettled, 30);
    expect(recognised.status).toBe('done');
  }, 120_000);

  it("replacing a document's file stops the old file's recognition; the new file is recognised", async () => {
    const doc = await upload(api, bigTiff, 'image/tiff');
    expect((await poll(api, doc.ocrFileUrl!, hasPages, 60)).status).toBe('running');
    const put = await api.call('PUT', `/documents/${doc.documentId}/file`, undefined, {
      headers: { 'content-type': 'image/png' },
      raw: Buffer.from(makeInvoicePng({ data: invoiceData({ seed: 2 }) })),
    });
    expect(put.status).toBe(200);
    const recognised = await poll(api, doc.ocrFileUrl!, isSettled, 30);
    expect(recognised).toMatchObject({ status: 'done', contentType: 'image/png', pageCount: 1, unrecognisedPages: [] });
    expect(recognised.pages.map((p) => p.page)).toEqual([0]);
    expect(words(recognised)).toContain('TOTAL');
  }, 120_000);

  it('a TIFF whose page chain loops back fails fast with the reason, every time; the queue goes on', async () => {
    const loop = blankTiff([{ width: 8, height: 9 }], { loop: true });
    expect(loop.length).toBe(194);
    for (const attempt of [1, 2]) {
      const doc = await upload(api, loop, 'image/tiff');
      const failed = await poll(api, doc.ocrFileUrl!, isSettled, 20);
      expect(failed, `upload ${attempt}`).toMatchObject({ status: 'failed', pages: [] });
      expect(failed.message).toBe("text could not be recognised: the TIFF file's page chain loops back to byte 80");
    }
    const next = await upload(api, makeInvoicePng({ data: invoiceData({ seed: 2 }) }), 'image/png');
    expect(words(await poll(api, next.ocrFileUrl!, isSettled, 30))).toContain('TOTAL');
  }, 120_000);

  it('a PNG declaring 20,000 × 20,000 pixels is refused before decoding; the queue goes on', async () => {
    const bomb = bombPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(500_000);
    const doc = await upload(api, bomb, 'image/png');
    const failed = await poll(api, doc.ocrFileUrl!, isSettled, 20);
    expect(failed).toMatchObject({ status: 'failed', pages: [] });
    expect(failed.message).toBe(
      'text could not be recognised: the image/png file declares 20000 × 20000 pixels, more than the 36,000,000 a page may have (DPS_OCR_MAX_PAGE_PIXELS)',
    );
    const next = await upload(api, makeInvoicePng({ data: invoiceData({ seed: 2 }) }), 'image/png');
    expect(words(await poll(api, next.ocrFileUrl!, isSettled, 30))).toContain('TOTAL');
  }, 120_000);

  it.runIf(process.platform === 'linux')(
    'the recognition process runs with a capped heap',
    async () => {
      const doc = await upload(api, makeInvoicePng({ data: invoiceData({ seed: 5 }) }), 'image/png');
      expect((await poll(api, doc.ocrFileUrl!, isSettled, 30)).status).toBe('done');
      const [cmdline] = recognitionCommandLines(); // it stays a minute after its last page
      expect(cmdline?.split('\0')).toContain('--max-old-space-size=1024');
    },
    60_000,
  );
});

// ---- small limits ----

describe('recognition with small page and pixel limits', () => {
  let svc: TestService;
  let api: ApiClient;

  beforeAll(async () => {
    svc = await startTestService({ env: { DPS_OCR_MAX_PAGES: '3', DPS_OCR_MAX_PAGE_PIXELS: '1000000' } });
    api = apiClient(svc.baseUrl, await svc.getToken());
  });
  afterAll(() => svc?.close());

  it('pages past DPS_OCR_MAX_PAGES are reported as not recognised', async () => {
    const doc = await upload(api, blankTiff(Array.from({ length: 3000 }, () => a4)), 'image/tiff');
    const result = await poll(api, doc.ocrFileUrl!, isSettled, 60);
    expect(result).toMatchObject({
      status: 'done',
      pageCount: 3000,
      unrecognisedPages: [{ first: 3, last: 2999, reason: 'page-limit' }],
      message: 'not recognised: pages 4–3000 past the page limit (DPS_OCR_MAX_PAGES)',
    });
    expect(result.pages.map((p) => p.page)).toEqual([0, 1, 2]);
  }, 120_000);

  it('a TIFF page over the pixel budget is not recognised, the pages around it are', async () => {
    const pages = [a4, { width: 1200, height: 1000 }, a4];
    const result = await poll(api, (await upload(api, blankTiff(pages), 'image/tiff')).ocrFileUrl!, isSettled, 60);
    expect(result).toMatchObject({
      status: 'done',
      pageCount: 3,
      unrecognisedPages: [{ first: 1, last: 1, reason: 'too-large' }],
      message: 'not recognised: page 2 over the page pixel limit (DPS_OCR_MAX_PAGE_PIXELS)',
    });
    expect(result.pages.map((p) => p.page)).toEqual([0, 2]);
  }, 120_000);

  it('a scanned PDF page is rendered within the pixel budget', async () => {
    const result = await poll(
      api,
      (await upload(api, await scannedPdf(), 'application/pdf')).ocrFileUrl!,
      isSettled,
      60,
    );
    expect(result.status).toBe('done');
    const [page] = result.pages;
    // At 144 dpi a US-letter page is 1224 × 1584 pixels (1.9 million): rendered smaller, same proportions.
    expect(page!.width * page!.height).toBeLessThanOrEqual(1_000_000);
    expect(page!.width / page!.height).toBeCloseTo(612 / 792, 2);
    expect(words(result)).toContain('TOTAL');
  }, 120_000);
});

describe('recognition with a page time limit no page can meet', () => {
  let svc: TestService;
  let api: ApiClient;

  beforeAll(async () => {
    svc = await startTestService({ env: { DPS_OCR_PAGE_TIMEOUT_MS: '100' } });
    api = apiClient(svc.baseUrl, await svc.getToken());
  });
  afterAll(() => svc?.close());

  it('pages over DPS_OCR_PAGE_TIMEOUT_MS are reported as not recognised; the service answers on', async () => {
    const tiff = makeInvoiceTiff({ data: invoiceData({ seed: 4 }), pageCount: 2 });
    const doc = await upload(api, tiff, 'image/tiff');
    const result = await poll(api, doc.ocrFileUrl!, isSettled, 90);
    expect(result).toMatchObject({
      status: 'done',
      pages: [],
      pageCount: 2,
      unrecognisedPages: [{ first: 0, last: 1, reason: 'time-limit' }],
      message: 'not recognised: pages 1–2 over the page time limit (DPS_OCR_PAGE_TIMEOUT_MS)',
    });
    expect((await api.get('/organizations/me')).status).toBe(200);
  }, 120_000);
});

/**
 * Recognised text at a document's `ocrFileUrl` (extension): uploads are recognised in the background (PNG, every
 * TIFF page, PDF pages without a text layer), the words come with page and box, other organizations get 404, a
 * re-upload or delete voids the old words, requests are answered while recognition runs (at a lower priority than
 * the service), and a file that crashes a decoder fails only its own recognition.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentSchema } from '@/contract';
import { ocrResultSchema, type OcrResult } from '@/contract/ocr';
import { invoiceData, makeInvoicePng, makeInvoiceTiff } from '@/server/service/demo/samples';
import { apiClient, type ApiClient } from '@/server/service/testing/http';
import { startTestService, type TestService } from '@/server/service/testing/start-test-service';

let svc: TestService;
let api: ApiClient;

beforeAll(async () => {
  svc = await startTestService();
  api = apiClient(svc.baseUrl, await svc.getToken());
});
afterAll(() => svc?.close());

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

async function upload(bytes: Uint8Array, contentType: string) {
  const created = await api.post('/documents', {
    content: base64(bytes),
    contentType,
    name: `ocr.${contentType.split('/')[1]}`,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return documentSchema.parse(created.body);
}

async function readOcr(url: string, client = api): Promise<OcrResult> {
  const got = await client.get(url);
  expect(got.status, JSON.stringify(got.body)).toBe(200);
  expect(got.headers.get('cache-control')).toBe('private, no-store');
  return ocrResultSchema.parse(got.body);
}

/** Polls until recognition settled (the test timeout bounds it). */
async function settled(url: string): Promise<OcrResult> {
  for (;;) {
    const result = await readOcr(url);
    if (result.status === 'done' || result.status === 'failed') return result;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Fields of /proc/<pid>/stat after the command name: [0] state, [1] parent pid, …, [16] nice. */
const procStat = (path: string) => readFileSync(path, 'utf8').split(') ')[1]!.split(' ');

/** The recognition processes below this one (the service may run here or in a child). */
function recognitionProcesses(): number[] {
  const descends = (pid: number): boolean => {
    for (let at = pid, hops = 0; at > 1 && hops < 10; hops++) {
      at = Number(procStat(`/proc/${at}/stat`)[1]);
      if (at === process.pid) return true;
    }
    return false;
  };
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('recognition-process-entry') && descends(pid);
      } catch {
        return false; // ended meanwhile
      }
    });
}

const words = (result: OcrResult, page: number) =>
  result.pages.find((p) => p.page === page)?.words.map((w) => w.text) ?? [];

describe('ocrFileUrl', () => {
  it('recognises an uploaded PNG in the background: words with page, line, confidence and a page-relative box', async () => {
    const doc = await upload(makeInvoicePng({ data: invoiceData({ seed: 2 }) }), 'image/png');
    expect(doc.ocrFileUrl).toBe(`${svc.publicUrl}/v1/documents/${doc.documentId}/ocr`);
    expect((await api.get(`/documents/${doc.documentId}`)).body.ocrFileUrl).toBe(doc.ocrFileUrl);

    const first = await readOcr(doc.ocrFileUrl!);
    expect(['pending', 'running', 'done']).toContain(first.status);
    const result = await settled(doc.ocrFileUrl!);
    expect(result).toMatchObject({
      documentId: doc.documentId,
      contentType: 'image/png',
      status: 'done',
      message: null,
    });
    expect(result.pages.map((p) => p.page)).toEqual([0]);
    expect(result.pages[0]).toMatchObject({ width: 640, height: 820 });
    expect(words(result, 0)).toContain('TOTAL');
    const total = result.pages[0].words.find((w) => w.text === 'TOTAL')!;
    // TOTAL is the last line of the invoice, at the left margin.
    expect(total.box.x).toBeLessThan(0.1);
    expect(total.box.y).toBeGreaterThan(0.3);
    expect(total.line).toBe(Math.max(...result.pages[0].words.map((w) => w.line)));
  }, 180_000);

  it('recognises every TIFF page and answers other requests while it runs', async () => {
    const doc = await upload(makeInvoiceTiff({ data: invoiceData({ seed: 4 }), pageCount: 4 }), 'image/tiff');
    // A request answered between two reads that both saw recognition running was not held up by it.
    let answeredWhileRunning = false;
    for (
      let before = await readOcr(doc.ocrFileUrl!);
      before.status !== 'done' && before.status !== 'failed' && !answeredWhileRunning;
    ) {
      const other = await api.get('/organizations/me');
      expect(other.status).toBe(200);
      const after = await readOcr(doc.ocrFileUrl!);
      answeredWhileRunning = before.status === 'running' && after.status === 'running';
      before = after;
    }
    expect(answeredWhileRunning).toBe(true);
    const result = await settled(doc.ocrFileUrl!);
    expect(result.status).toBe('done');
    expect(result.pages.map((p) => p.page)).toEqual([0, 1, 2, 3]);
    // Each page's footer reads "PAGE i OF 4".
    for (const page of [0, 1, 2, 3]) expect(words(result, page)).toContain('OF');
  }, 240_000);

  it('recognises only the PDF pages without a text layer', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([612, 792]).drawText('A page with a text layer', { x: 72, y: 700, size: 14, font });
    const scan = await pdf.embedPng(makeInvoicePng({ data: invoiceData({ seed: 7 }) }));
    pdf.addPage([612, 792]).drawImage(scan, { x: 20, y: 20, width: 560, height: 717 });
    const doc = await upload(await pdf.save(), 'application/pdf');
    const result = await settled(doc.ocrFileUrl!);
    expect(result.status).toBe('done');
    expect(result.pages.map((p) => p.page)).toEqual([1]);
    expect(words(result, 1)).toContain('TOTAL');
  }, 180_000);

  it('is 404 to another organization, and for a document without recognisable content', async () => {
    const doc = await upload(makeInvoicePng({ data: invoiceData({ seed: 2 }), width: 320, height: 200 }), 'image/png');
    const other = await svc.createTenant();
    const foreign = await apiClient(svc.baseUrl, await other.getToken()).get(doc.ocrFileUrl!);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toMatch(/Document .* not found/);
    expect((await apiClient(svc.baseUrl, null).get(doc.ocrFileUrl!)).status).toBe(401);

    const email = await api.post('/documents', {
      content: base64(new TextEncoder().encode('Subject: hi\r\n\r\nhello')),
      contentType: 'message/rfc822',
    });
    expect(email.body.ocrFileUrl).toBeUndefined();
    const emailOcr = await api.get(`/documents/${email.body.documentId}/ocr`);
    expect(emailOcr.status).toBe(404);
    expect(emailOcr.body.message).toMatch(/PDF, PNG, JPEG, WEBP and TIFF/);
    await settled(doc.ocrFileUrl!);
  }, 180_000);

  it('a file that crashes a decoder fails its own recognition; the service answers on and recognises the next', async () => {
    // A PNG cut off inside its header: the native image decoder crashes on it (the recognition process ends).
    const cut = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const broken = await upload(cut, 'image/png');
    const failed = await settled(broken.ocrFileUrl!);
    expect(failed).toMatchObject({ status: 'failed', pages: [] });
    expect(failed.message).toMatch(/^text could not be recognised: the recognition process stopped \(SIG[A-Z]+\)/);
    expect((await api.get('/organizations/me')).status).toBe(200);
    const next = await upload(makeInvoicePng({ data: invoiceData({ seed: 2 }) }), 'image/png');
    expect(words(await settled(next.ocrFileUrl!), 0)).toContain('TOTAL');
  }, 180_000);

  it.runIf(process.platform === 'linux')(
    'runs recognition below the service: every thread of the recognition process at nice 10',
    async () => {
      const doc = await upload(makeInvoicePng({ data: invoiceData({ seed: 5 }) }), 'image/png');
      expect((await settled(doc.ocrFileUrl!)).status).toBe('done');
      const [child] = recognitionProcesses(); // it stays a minute after its last document
      expect(child, 'a recognition process under this one').toBeDefined();
      const threads = readdirSync(`/proc/${child}/task`);
      expect(threads.length).toBeGreaterThan(1); // the tesseract worker thread among them
      for (const thread of threads) expect(procStat(`/proc/${child}/task/${thread}/stat`)[16], thread).toBe('10');
    },
    60_000,
  );

  it('a re-upload is recognised again; a deleted document takes its words with it', async () => {
    const doc = await upload(makeInvoicePng({ data: invoiceData({ seed: 2 }) }), 'image/png');
    await settled(doc.ocrFileUrl!);
    const replacement = makeInvoiceTiff({ data: invoiceData({ seed: 4 }), pageCount: 2 });
    const put = await api.call('PUT', `/documents/${doc.documentId}/file`, undefined, {
      headers: { 'content-type': 'image/tiff' },
      raw: Buffer.from(replacement),
    });
    expect(put.status).toBe(200);
    expect(put.body.ocrFileUrl).toBe(doc.ocrFileUrl);
    expect((await readOcr(doc.ocrFileUrl!)).status).not.toBe('done');
    const again = await settled(doc.ocrFileUrl!);
    expect(again).toMatchObject({ contentType: 'image/tiff', status: 'done' });
    expect(again.pages.map((p) => p.page)).toEqual([0, 1]);

    expect((await api.delete(`/documents/${doc.documentId}`)).status).toBe(200);
    expect((await api.get(doc.ocrFileUrl!)).status).toBe(404);
  }, 240_000);
});

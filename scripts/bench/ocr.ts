/**
 * `npm run bench -- ocr`: text recognition time per demo page on this machine — each demo document of a recognised
 * type, plus a scanned PDF (the demo PNG as a page image, no text layer) — through the service's recognition process,
 * page by page as uploads are recognised. The first page includes starting it and loading the English model. Also
 * the longest event-loop stall of the main thread meanwhile: requests are answered on it while recognition runs.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { invoiceData, makeInvoicePng, makeSampleFiles } from '../../src/server/service/demo/samples';
import { loadServiceConfig } from '../../src/server/service/config';
import { recognizePage } from '../../src/server/service/recognition/recognizer';

export default async function benchOcr() {
  const files = (await makeSampleFiles()).filter((file) => file.contentType !== 'message/rfc822');
  const scan = await PDFDocument.create();
  const image = await scan.embedPng(makeInvoicePng({ data: invoiceData({ seed: 2 }) }));
  scan.addPage([612, 792]).drawImage(image, { x: 20, y: 20, width: 560, height: 717 });
  files.push({ ...files[1], name: 'scanned.pdf', contentType: 'application/pdf', bytes: await scan.save() });

  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const limits = loadServiceConfig().ocr;
  const rows: { document: string; page: string; ms: number; words: number }[] = [];
  for (const file of files) {
    const started = performance.now();
    let pages = 0;
    const document = {
      key: `${file.name}@bench`,
      read: async () => ({ contentType: file.contentType, chunks: [file.bytes] }),
    };
    for (let index = 0, pageCount = 1; index < pageCount; index++) {
      const pageStarted = performance.now();
      const recognised = await recognizePage(document, index, limits);
      pageCount = recognised.pageCount;
      if (recognised.result?.type !== 'page') continue;
      pages += 1;
      rows.push({
        document: `${file.name} (${file.contentType})`,
        page: String(index + 1),
        ms: Math.round(performance.now() - pageStarted),
        words: recognised.result.page.words.length,
      });
    }
    if (pages === 0)
      rows.push({
        document: `${file.name} (${file.contentType})`,
        page: 'none: every page has a text layer',
        ms: Math.round(performance.now() - started),
        words: 0,
      });
  }
  delay.disable();

  console.log('recognition per page (tesseract.js 7, eng 4.0.0_best_int, one recognition process):');
  for (const row of rows)
    console.log(
      `  ${row.document.padEnd(34)} page ${row.page.padEnd(3)} ${String(row.ms).padStart(6)} ms  ${row.words} words`,
    );
  const recognised = rows.filter((row) => row.words > 0);
  const warm = recognised
    .slice(1)
    .map((row) => row.ms)
    .sort((a, b) => a - b);
  if (warm.length)
    console.log(
      `  warm pages: median ${warm[Math.floor(warm.length / 2)]} ms, max ${warm[warm.length - 1]} ms (first page, with start-up: ${recognised[0].ms} ms)`,
    );
  console.log(
    `main thread meanwhile: longest event-loop delay ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms`,
  );
}

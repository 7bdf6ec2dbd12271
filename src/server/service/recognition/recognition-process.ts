/**
 * The recognition process (a child of the service: decoders of native code meet untrusted files here, and a crash
 * ends this process, not the service): rasterises a document's pages (page-rasters.ts) and recognises each with
 * tesseract.js and the English LSTM data shipped in `@tesseract.js-data/eng` — read from node_modules, nothing is
 * downloaded. It keeps the documents the service opened (so a document recognised in turns of one page is read once)
 * and answers one request at a time; the tesseract worker is made at start and reused.
 */
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker as TesseractWorker } from 'tesseract.js';
import { ocrPageFromBlocks, type TesseractBlocks } from './ocr-words';
import { openPages, type PagedDocument } from './page-rasters';
import type { FileChunk, PageResult, RecognitionMessage, RecognitionRequest } from './recognition-protocol';

const require = createRequire(import.meta.url);
/** The LSTM-only integer model: a third of the size of the combined one, the same engine (OEM.LSTM_ONLY). */
const LANG_PATH = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

// Background work: requests (an upload, a page of the console) must not wait behind it for a core. A lower priority
// (nice 10) lets the scheduler give the service and its database the CPU first. On Linux a priority is per thread:
// every thread this process has so far is lowered (/proc/self/task), and threads made later (the tesseract worker)
// inherit it from this one. Lowering one's own priority needs no privilege; if refused, run as is.
for (const thread of threadIds()) {
  try {
    setPriority(thread, 10);
  } catch {
    // keep the default priority
  }
}

function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return [0]; // not Linux: this thread, which on other systems means the process
  }
}

let tesseract: Promise<TesseractWorker> | null = null;
const engine = () =>
  (tesseract ??= createWorker('eng', OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: 'none',
    logger: () => undefined,
  }));

const post = (message: RecognitionMessage) => process.send?.(message);
const open = new Map<string, PagedDocument>();

/** Pieces of the files the service is sending, by key, until their `open` comes. */
const arriving = new Map<string, Uint8Array[]>();

let queue = Promise.resolve();
process.on('message', (message: RecognitionRequest | FileChunk) => {
  if (message.type === 'chunk') {
    const pieces = arriving.get(message.key) ?? [];
    pieces.push(message.bytes);
    arriving.set(message.key, pieces);
    return;
  }
  queue = queue.then(() => answer(message));
});
// The service stopped (or let go of this process): nothing is left to do.
process.on('disconnect', () => process.exit(0));
// Loaded before the first page, so a page's time limit counts its own work only.
void engine().then(
  () => post({ type: 'ready' }),
  () => process.exit(1),
);

async function answer(request: RecognitionRequest) {
  const { id } = request;
  try {
    if (request.type === 'open') {
      await open.get(request.key)?.close();
      const bytes = Buffer.concat(arriving.get(request.key) ?? []);
      arriving.delete(request.key);
      const document = await openPages(bytes, request.contentType, request.maxPagePixels);
      open.set(request.key, document);
      post({ id, type: 'opened', pageCount: document.pageCount });
    } else if (request.type === 'page') {
      const document = open.get(request.key);
      if (!document) throw new Error('the document is not open');
      post({ id, type: 'result', result: await recognise(document, request.page) });
    } else {
      const document = open.get(request.key);
      open.delete(request.key);
      await document?.close();
      post({ id, type: 'closed' });
    }
  } catch (error) {
    post({ id, type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
}

async function recognise(document: PagedDocument, index: number): Promise<PageResult> {
  const outcome = await document.page(index);
  if (outcome.type !== 'raster') return outcome;
  const { raster } = outcome;
  const worker = await engine();
  const { data } = await worker.recognize(Buffer.from(raster.image), {}, { blocks: true, text: false });
  return {
    type: 'page',
    page: ocrPageFromBlocks(raster.page, raster.width, raster.height, data.blocks as TesseractBlocks | null),
  };
}

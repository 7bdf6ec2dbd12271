import { rotatedSize } from '@/widgets/document-viewer/page-layout';
import {
  abortError,
  BitmapPages,
  drawRotated,
  prepareCanvas,
  type PagedDocument,
  type RenderRequest,
} from '@/widgets/document-viewer/paged-document';
import type { TiffPageInfo, TiffRequest, TiffResponse } from './tiff-protocol';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

type Pending = {
  request: TiffRequest;
  priority: number;
  signal?: AbortSignal;
  resolve: (response: TiffResponse) => void;
  reject: (error: unknown) => void;
};

/**
 * Talks to one TIFF worker. One request runs at a time (each decodes a whole page); page renders go before
 * thumbnails, and a request whose page scrolled away before its turn is dropped.
 */
class TiffWorkerClient {
  private readonly worker = new Worker(new URL('./tiff-worker.ts', import.meta.url), {
    type: 'module',
    name: 'tiff-decoder',
  });
  private nextId = 1;
  private queue: Pending[] = [];
  private running: Pending | null = null;

  constructor() {
    this.worker.onmessage = (event: MessageEvent<TiffResponse>) => {
      const done = this.running;
      this.running = null;
      if (done && done.request.id === event.data.id) {
        if (event.data.type === 'error') done.reject(new Error(event.data.message));
        else done.resolve(event.data);
      } else if (event.data.type === 'page') {
        event.data.bitmap.close();
      }
      this.pump();
    };
    this.worker.onerror = (event) => {
      const failed = this.running;
      this.running = null;
      failed?.reject(new Error(`The TIFF decoder failed: ${event.message || 'unknown error'}`));
      this.pump();
    };
  }

  send(request: DistributiveOmit<TiffRequest, 'id'>, priority: number, signal?: AbortSignal): Promise<TiffResponse> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      this.queue.push({ request: { ...request, id: this.nextId++ } as TiffRequest, priority, signal, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    if (this.running) return;
    this.queue = this.queue.filter((p) => {
      if (p.signal?.aborted) p.reject(abortError());
      return !p.signal?.aborted;
    });
    if (!this.queue.length) return;
    this.queue.sort((a, b) => b.priority - a.priority);
    this.running = this.queue.shift()!;
    const { request } = this.running;
    this.worker.postMessage(request, request.type === 'open' ? [request.bytes] : []);
  }

  terminate() {
    this.worker.terminate();
    for (const p of this.queue) p.reject(abortError());
    this.running?.reject(abortError());
    this.queue = [];
  }
}

const CACHED_PAGES = 4;

/** A multi-page TIFF, decoded page by page in a worker. */
export async function openTiffDocument(bytes: ArrayBuffer, signal: AbortSignal): Promise<PagedDocument> {
  const client = new TiffWorkerClient();
  try {
    // The worker takes a copy (transferred), so the caller's buffer stays usable.
    const opened = await client.send({ type: 'open', bytes: bytes.slice(0) }, 10, signal);
    if (opened.type !== 'opened') throw new Error('The TIFF decoder did not open the file.');
    return new TiffDocument(client, opened.pages);
  } catch (error) {
    client.terminate();
    throw error instanceof Error && error.name !== 'AbortError'
      ? new Error(`The TIFF file could not be read: ${error.message}`)
      : error;
  }
}

class TiffDocument extends BitmapPages {
  readonly kind = 'tiff';
  readonly pageCount: number;
  private readonly pixelWidths: number[];
  /** Full-resolution pages recently drawn (zooming redraws them without decoding again), newest last. */
  private cache: {
    index: number;
    bitmap: Promise<ImageBitmap>;
    controller: AbortController;
    waiting: number;
    settled: boolean;
  }[] = [];

  constructor(
    private readonly client: TiffWorkerClient,
    pages: TiffPageInfo[],
  ) {
    // At zoom 1 a page shows at its physical size (96 CSS px per inch), like a PDF page.
    super(pages.map((p) => ({ width: (p.width * 96) / p.dpiX, height: (p.height * 96) / p.dpiY })));
    this.pageCount = pages.length;
    this.pixelWidths = pages.map((p) => p.width);
  }

  /**
   * The page's full-resolution bitmap, shared by everyone drawing it. The decode is dropped only when every caller
   * waiting for it has given up (its page scrolled away) before the worker started on it.
   */
  private fullPage(index: number, signal: AbortSignal): Promise<ImageBitmap> {
    let entry = this.cache.find((c) => c.index === index && !c.controller.signal.aborted);
    if (entry) {
      this.cache = [...this.cache.filter((c) => c !== entry), entry];
    } else {
      const controller = new AbortController();
      const bitmap = this.client
        .send({ type: 'page', index }, 5, controller.signal)
        .then((r) => (r as Extract<TiffResponse, { type: 'page' }>).bitmap);
      const created = { index, bitmap, controller, waiting: 0, settled: false };
      bitmap.then(
        () => {
          created.settled = true;
        },
        () => {
          this.cache = this.cache.filter((c) => c !== created);
        },
      );
      this.cache.push(created);
      while (this.cache.length > CACHED_PAGES) {
        // Not aborted: a page may still wait for it; it draws before this close runs (reactions run in order).
        const evicted = this.cache.shift()!;
        void evicted.bitmap.then(
          (b) => b.close(),
          () => undefined,
        );
      }
      entry = created;
    }
    const shared = entry;
    shared.waiting++;
    signal.addEventListener(
      'abort',
      () => {
        if (--shared.waiting === 0 && !shared.settled) {
          shared.controller.abort();
          this.cache = this.cache.filter((c) => c !== shared);
        }
      },
      { once: true },
    );
    return shared.bitmap;
  }

  async render(index: number, canvas: HTMLCanvasElement, { scale, rotation, outputScale, signal }: RenderRequest) {
    const size = rotatedSize(this.sizes[index], rotation);
    const cssWidth = size.width * scale;
    // Pixels across the unrotated page at this zoom. Below the file's own width the worker scales the page down, so
    // the main thread only copies a bitmap of the canvas's size (scaling a 300-dpi page here took ≈350 ms).
    const pixelWidth = Math.ceil((rotation % 180 ? size.height : size.width) * scale * outputScale);
    if (pixelWidth < this.pixelWidths[index]) {
      const thumbnail = cssWidth * outputScale < 400;
      const response = await this.client.send({ type: 'page', index, width: pixelWidth }, thumbnail ? 1 : 5, signal);
      const bitmap = (response as Extract<TiffResponse, { type: 'page' }>).bitmap;
      try {
        if (signal.aborted) throw abortError();
        drawRotated(prepareCanvas(canvas, cssWidth, size.height * scale, outputScale), bitmap, rotation);
      } finally {
        bitmap.close();
      }
      return;
    }
    let bitmap = await this.fullPage(index, signal);
    // Closed by a cache eviction in between (width 0): decode it again.
    if (!bitmap.width) bitmap = await this.fullPage(index, signal);
    if (signal.aborted) throw abortError();
    drawRotated(prepareCanvas(canvas, cssWidth, size.height * scale, outputScale), bitmap, rotation);
  }

  destroy() {
    this.client.terminate();
    for (const c of this.cache)
      void c.bitmap.then(
        (b) => b.close(),
        () => undefined,
      );
    this.cache = [];
  }
}

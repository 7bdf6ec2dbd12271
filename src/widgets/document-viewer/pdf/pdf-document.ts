import {
  GlobalWorkerOptions,
  PixelsPerInch,
  TextLayer,
  getDocument,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from 'pdfjs-dist';
import type { TextContent, TextItem as PdfTextItem } from 'pdfjs-dist/types/src/display/api';
import { BFF_HEADERS } from '@/api/bff-fetch';
import type { PageSize, Rotation } from '@/widgets/document-viewer/page-layout';
import {
  abortError,
  listeners,
  type PagedDocument,
  type RenderRequest,
  type RenderedText,
} from '@/widgets/document-viewer/paged-document';
import type { TextItem } from '@/widgets/document-viewer/text-match';
import { pdfAssetOptions, pdfWorkerUrl } from './pdf-assets';

GlobalWorkerOptions.workerSrc = pdfWorkerUrl;

/** Pages whose sizes are read per batch in the background after the first page is shown. */
const SIZE_BATCH = 16;

/** Parts pdf.js asks for of a PDF read by range: a page of a scanned PDF is often a few hundred KB. */
const RANGE_CHUNK_BYTES = 256 * 1024;

/**
 * Opens a PDF from its bytes, or from a same-origin URL by range: pdf.js asks for the parts it needs (the trailer,
 * the first page's objects) and nothing more until more pages are shown (`disableAutoFetch`); `disableStream` stops
 * it downloading the whole file alongside. The BFF wants its headers (BFF_HEADERS) on file reads. pdf.js takes ownership of
 * (detaches) a buffer it gets: it gets a copy.
 */
export async function openPdfDocument(
  source: { bytes: ArrayBuffer } | { url: string; length: number },
  signal: AbortSignal,
): Promise<PagedDocument> {
  const task = getDocument({
    ...('bytes' in source
      ? { data: new Uint8Array(source.bytes.slice(0)) }
      : {
          url: source.url,
          length: source.length,
          httpHeaders: { ...BFF_HEADERS },
          rangeChunkSize: RANGE_CHUNK_BYTES,
          disableAutoFetch: true,
          disableStream: true,
        }),
    ...pdfAssetOptions,
  });
  const onAbort = () => void task.destroy();
  signal.addEventListener('abort', onAbort, { once: true });
  let pdf: PDFDocumentProxy;
  try {
    pdf = await task.promise;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  const first = await pdf.getPage(1);
  return new PdfDocument(pdf, first);
}

const cssSize = (page: PDFPageProxy): PageSize => {
  const viewport = page.getViewport({ scale: PixelsPerInch.PDF_TO_CSS_UNITS });
  return { width: viewport.width, height: viewport.height };
};

class PdfDocument implements PagedDocument {
  readonly kind = 'pdf';
  readonly pageCount: number;
  private sizes: PageSize[];
  private readonly changes = listeners();
  private readonly texts = new Map<number, Promise<TextItem[]>>();
  private destroyed = false;

  constructor(
    private readonly pdf: PDFDocumentProxy,
    first: PDFPageProxy,
  ) {
    this.pageCount = pdf.numPages;
    // Until each page is read, assume it is the size of the first (pdf.js's own viewer does the same).
    this.sizes = Array.from({ length: this.pageCount }, () => cssSize(first));
    void this.readAllSizes();
  }

  private async readAllSizes() {
    for (let start = 1; start < this.pageCount && !this.destroyed; start += SIZE_BATCH) {
      const indices = Array.from({ length: Math.min(SIZE_BATCH, this.pageCount - start) }, (_, k) => start + k);
      const pages = await Promise.all(indices.map((i) => this.pdf.getPage(i + 1))).catch(() => null);
      if (!pages || this.destroyed) return;
      let changed = false;
      const next = [...this.sizes];
      pages.forEach((page, k) => {
        const size = cssSize(page);
        const old = next[indices[k]];
        if (Math.abs(old.width - size.width) > 0.5 || Math.abs(old.height - size.height) > 0.5) {
          next[indices[k]] = size;
          changed = true;
        }
      });
      if (changed) {
        this.sizes = next;
        this.changes.emit();
      }
    }
  }

  pageSizes() {
    return this.sizes;
  }
  subscribe(listener: () => void) {
    return this.changes.subscribe(listener);
  }

  private viewport(page: PDFPageProxy, scale: number, rotation: Rotation) {
    return page.getViewport({
      scale: scale * PixelsPerInch.PDF_TO_CSS_UNITS,
      rotation: (page.rotate + rotation) % 360,
    });
  }

  async render(index: number, canvas: HTMLCanvasElement, { scale, rotation, outputScale, signal }: RenderRequest) {
    const page = await this.pdf.getPage(index + 1);
    if (signal.aborted) throw abortError();
    const viewport = this.viewport(page, scale, rotation);
    // pdf.js gets the bare canvas and asks for its own (opaque) context.
    canvas.width = Math.max(1, Math.floor(viewport.width * outputScale));
    canvas.height = Math.max(1, Math.floor(viewport.height * outputScale));
    const task = page.render({
      canvas,
      viewport,
      transform: outputScale === 1 ? undefined : [outputScale, 0, 0, outputScale, 0, 0],
      background: '#ffffff',
    });
    const cancel = () => task.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await task.promise;
    } finally {
      signal.removeEventListener('abort', cancel);
    }
  }

  private textContent(page: PDFPageProxy): Promise<TextContent> {
    return page.getTextContent({ includeMarkedContent: true });
  }

  pageText(index: number): Promise<TextItem[]> {
    let text = this.texts.get(index);
    if (!text) {
      text = this.pdf
        .getPage(index + 1)
        .then((page) => this.textContent(page))
        .then(textItems);
      this.texts.set(index, text);
    }
    return text;
  }

  async renderText(
    index: number,
    container: HTMLElement,
    { scale, rotation, signal }: Omit<RenderRequest, 'outputScale'>,
  ): Promise<RenderedText> {
    const page = await this.pdf.getPage(index + 1);
    const content = await this.textContent(page);
    if (signal.aborted) throw abortError();
    container.replaceChildren();
    const viewport = this.viewport(page, scale, rotation);
    container.style.setProperty('--total-scale-factor', String(viewport.scale));
    const layer = new TextLayer({ textContentSource: content, container, viewport });
    const cancel = () => layer.cancel();
    signal.addEventListener('abort', cancel, { once: true });
    try {
      await layer.render();
    } finally {
      signal.removeEventListener('abort', cancel);
    }
    return { items: textItems(content), divs: layer.textDivs };
  }

  releasePage(index: number) {
    void this.pdf.getPage(index + 1).then(
      (page) => page.cleanup(),
      () => undefined,
    );
  }

  destroy() {
    this.destroyed = true;
    void this.pdf.destroy();
  }
}

/** The text items of a page (marked-content markers dropped), aligned with the text layer's divs. */
function textItems(content: TextContent): TextItem[] {
  return content.items
    .filter((item): item is PdfTextItem => 'str' in item)
    .map((item) => ({ str: item.str, hasEOL: item.hasEOL }));
}

import type { PageSize, Rotation } from './page-layout';
import type { TextItem } from './text-match';

export type RenderRequest = {
  /** CSS px per unit of the page size. */
  scale: number;
  rotation: Rotation;
  /** Device pixels per CSS px of the backing store. */
  outputScale: number;
  signal: AbortSignal;
};

/** A rendered text layer: one element per text item, in item order. */
export type RenderedText = { items: TextItem[]; divs: HTMLElement[] };

/** A document shown as a stack of pages (PDF, image, TIFF), behind one interface so one viewer serves all. */
export interface PagedDocument {
  readonly kind: 'pdf' | 'image' | 'tiff';
  readonly pageCount: number;
  /** Page sizes in CSS px at zoom 1, before the viewer's rotation. May be refined after open: see `subscribe`. */
  pageSizes(): PageSize[];
  /** Called when `pageSizes()` changed. */
  subscribe(listener: () => void): () => void;
  /** Paints the page into `canvas`, sizing its backing store. Rejects with an AbortError when `signal` aborts. */
  render(index: number, canvas: HTMLCanvasElement, request: RenderRequest): Promise<void>;
  /** Builds the selectable text layer into `container`; null when the format has no text. */
  renderText(
    index: number,
    container: HTMLElement,
    request: Omit<RenderRequest, 'outputScale'>,
  ): Promise<RenderedText | null>;
  /** Text items of a page, for finding a value on pages not on screen; [] when the format has no text. */
  pageText(index: number): Promise<TextItem[]>;
  /** Lets go of the page's decoded data (it scrolled away). */
  releasePage(index: number): void;
  destroy(): void;
}

/** A cancelled render's error, as the DOM names one (never shown: callers drop it with isAbortError). */
const ABORT_ERROR_NAME = 'AbortError';
const CANCELLED_MESSAGE = 'Rendering was cancelled';
export const abortError = () => new DOMException(CANCELLED_MESSAGE, ABORT_ERROR_NAME);
export const isAbortError = (error: unknown) =>
  (error instanceof DOMException && error.name === ABORT_ERROR_NAME) ||
  (error as { name?: string } | null)?.name === 'RenderingCancelledException' ||
  (error as { name?: string } | null)?.name === 'AbortException';

/** Sizes the canvas for `cssWidth`×`cssHeight` at `outputScale` and returns its 2D context, transform reset. */
export function prepareCanvas(canvas: HTMLCanvasElement, cssWidth: number, cssHeight: number, outputScale: number) {
  canvas.width = Math.max(1, Math.floor(cssWidth * outputScale));
  canvas.height = Math.max(1, Math.floor(cssHeight * outputScale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas.');
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return ctx;
}

/** Draws a bitmap rotated and scaled to fill the canvas (which is already sized for the rotated page). */
export function drawRotated(
  ctx: CanvasRenderingContext2D,
  image: CanvasImageSource & { width: number; height: number },
  rotation: Rotation,
) {
  const { width: cw, height: ch } = ctx.canvas;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, cw, ch);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.save();
  ctx.translate(cw / 2, ch / 2);
  ctx.rotate((rotation * Math.PI) / 180);
  const [w, h] = rotation % 180 === 0 ? [cw, ch] : [ch, cw];
  ctx.drawImage(image, -w / 2, -h / 2, w, h);
  ctx.restore();
}

/** Shared listener list for `subscribe`. */
export function listeners() {
  const set = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit() {
      for (const l of set) l();
    },
  };
}

/**
 * What the image and TIFF documents share: pages whose sizes are known at open (they never change), drawn from
 * bitmaps, with no text of their own and nothing held per page to let go of.
 */
export abstract class BitmapPages implements PagedDocument {
  abstract readonly kind: 'image' | 'tiff';
  abstract readonly pageCount: number;
  private readonly changes = listeners();

  constructor(protected readonly sizes: PageSize[]) {}

  pageSizes() {
    return this.sizes;
  }
  subscribe(listener: () => void) {
    return this.changes.subscribe(listener);
  }

  abstract render(index: number, canvas: HTMLCanvasElement, request: RenderRequest): Promise<void>;

  async renderText() {
    return null;
  }
  async pageText() {
    return [];
  }
  releasePage() {}
  abstract destroy(): void;
}

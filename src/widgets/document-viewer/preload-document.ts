/**
 * Documents fetched and opened before they are shown (the review queue's next runs), so the viewer that shows one
 * finds its bytes already read and its first page already parsed, decoded and drawn once. A preloaded file is handed over once,
 * to the first viewer that asks for it (`loadPreloadedDocumentFile`, then `openPreloadedDocument`); whatever was
 * preloaded and not handed over is let go by `dropPreloadedDocument`, or when more than `MAX_PRELOADED` are held.
 */
import type { ContentType } from './document-size';
import { loadDocumentFile, type LoadDocumentFileOptions } from './load-document-file';
import { openPagedDocument } from './open-paged-document';
import type { PagedDocument } from './paged-document';
import type { DocumentSource } from './viewer-types';

/** Files held at once: the run on screen may still be taking its own, plus two ahead. */
const MAX_PRELOADED = 3;

const PAGED: ReadonlySet<string> = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/tiff']);

type Open = (source: DocumentSource, signal: AbortSignal) => Promise<PagedDocument>;

type PreloadOptions = Pick<LoadDocumentFileOptions, 'contentType' | 'name' | 'fetch'> & {
  /** Opens a paged format (the viewer's own opener by default). */
  open?: Open;
  /**
   * The file of the screen opening now, not one got ready ahead: when more than `MAX_PRELOADED` are held, the files
   * got ready ahead are let go first (the queue's prefetch may get several ready while the screen opens).
   */
  openingNow?: boolean;
};

/** A document opened ahead, until a viewer takes it or it is let go. */
class OpenedAhead {
  private taken = false;
  constructor(readonly promise: Promise<PagedDocument>) {
    // A failure is the taker's to show; nobody may be listening yet.
    promise.catch(() => undefined);
  }
  take(): Promise<PagedDocument> {
    this.taken = true;
    return this.promise;
  }
  /** Lets go of the document unless a viewer has taken it (it is the viewer's to destroy then). */
  release() {
    if (!this.taken)
      void this.promise.then(
        (doc) => doc.destroy(),
        () => undefined,
      );
  }
}

type Entry = {
  contentType: ContentType | null;
  /** See PreloadOptions.openingNow; only the latest such file keeps it. */
  openingNow: boolean;
  controller: AbortController;
  source: Promise<DocumentSource>;
};

/** By `fileUrl`, oldest first. */
const entries = new Map<string, Entry>();
/** Files viewers have asked for and still show (how many viewers each): there is nothing to preload for them. */
const inViewers = new Map<string, number>();
/** The opened document of a preloaded source, found by the very source object the viewer is given. */
const openedBySource = new WeakMap<DocumentSource, OpenedAhead>();

/**
 * Starts fetching a document's file and opening its first page. Does nothing when that file is preloaded already or a
 * viewer shows it.
 */
export function preloadDocument(fileUrl: string, options: PreloadOptions = {}): void {
  if (inViewers.has(fileUrl)) return;
  const contentType = options.contentType ?? null;
  const existing = entries.get(fileUrl);
  if (existing?.contentType === contentType) return;
  if (existing) dropPreloadedDocument(fileUrl);
  const controller = new AbortController();
  const open = options.open ?? openPagedDocument;
  if (!options.open) loadFormatCode(contentType);
  const source = loadDocumentFile(fileUrl, {
    contentType,
    name: options.name,
    fetch: options.fetch,
    signal: controller.signal,
  }).then((loaded) => {
    if (!controller.signal.aborted && PAGED.has(loaded.contentType)) {
      const opening = open(loaded, controller.signal);
      openedBySource.set(loaded, new OpenedAhead(opening));
      void opening.then(
        (doc) => drawFirstPageAhead(doc, controller.signal),
        () => undefined,
      );
    }
    return loaded;
  });
  const openingNow = options.openingNow ?? false;
  if (openingNow) for (const other of entries.values()) other.openingNow = false;
  const entry: Entry = { contentType, openingNow, controller, source };
  entries.set(fileUrl, entry);
  // A failed preload is forgotten: the viewer then fetches for itself and explains the failure.
  source.catch(() => {
    if (entries.get(fileUrl) === entry) entries.delete(fileUrl);
  });
  dropBeyondLimit();
}

/** Lets go of the oldest files got ready ahead, then (should that not do) the oldest of all, down to the limit. */
function dropBeyondLimit() {
  for (const [fileUrl, entry] of entries) {
    if (entries.size <= MAX_PRELOADED) return;
    if (!entry.openingNow) dropPreloadedDocument(fileUrl);
  }
  for (const fileUrl of entries.keys()) {
    if (entries.size <= MAX_PRELOADED) return;
    dropPreloadedDocument(fileUrl);
  }
}

/** Starts loading the code of the file's format (pdf.js is ≈400 kB) while the file itself is fetched. */
function loadFormatCode(contentType: ContentType | null) {
  const loading =
    contentType === 'application/pdf'
      ? import('./pdf/pdf-document')
      : contentType === 'image/tiff'
        ? import('./tiff/tiff-document')
        : null;
  // A failure to load shows when the viewer opens the file.
  loading?.catch(() => undefined);
}

/** Scale of the drawing that warms a first page: small, since only what it leaves behind counts. */
const WARM_SCALE = 0.25;

/**
 * Draws page 1 once, small, on a canvas of its own: pdf.js keeps the page's parsed drawing and fonts, the TIFF worker
 * its decoded page, so the viewer's own drawing is quick. Best effort: a failure is the viewer's to meet and show.
 */
async function drawFirstPageAhead(doc: PagedDocument, signal: AbortSignal) {
  let canvas: HTMLCanvasElement | undefined;
  try {
    canvas = document.createElement('canvas');
    await doc.render(0, canvas, { scale: WARM_SCALE, rotation: 0, outputScale: 1, signal });
  } catch {
    // cancelled, or the page cannot be drawn: the viewer finds out for itself
  } finally {
    if (canvas) canvas.width = canvas.height = 0;
  }
}

/** Lets go of what was preloaded for `fileUrl` and not handed to a viewer: stops its fetch, frees its pages. */
export function dropPreloadedDocument(fileUrl: string): void {
  const entry = entries.get(fileUrl);
  if (!entry) return;
  entries.delete(fileUrl);
  letGo(entry);
}

function letGo(entry: Entry) {
  entry.controller.abort();
  void entry.source.then(
    (source) => openedBySource.get(source)?.release(),
    () => undefined,
  );
}

/** Files preloaded and not handed over yet (for tests and checks). */
export const preloadedDocumentFiles = (): string[] => [...entries.keys()];

/**
 * `loadDocumentFile` for a viewer, answered from the preload when this file was preloaded with the same content type
 * (handed over once). Until the viewer stops (`signal`) the file is not preloaded again; when it stops, the preload's
 * fetch stops and an opened document no viewer took is let go.
 */
export function loadPreloadedDocumentFile(
  fileUrl: string,
  options: LoadDocumentFileOptions = {},
): Promise<DocumentSource> {
  const { signal } = options;
  if (signal && !signal.aborted) {
    inViewers.set(fileUrl, (inViewers.get(fileUrl) ?? 0) + 1);
    signal.addEventListener('abort', () => leaveViewer(fileUrl), { once: true });
  }
  const entry = entries.get(fileUrl);
  if (!entry || entry.contentType !== (options.contentType ?? null)) return loadDocumentFile(fileUrl, options);
  entries.delete(fileUrl);
  if (signal?.aborted) letGo(entry);
  else signal?.addEventListener('abort', () => letGo(entry), { once: true });
  return entry.source.then((source) => {
    if (options.name !== undefined) source.name = options.name;
    return source;
  });
}

function leaveViewer(fileUrl: string) {
  const viewers = (inViewers.get(fileUrl) ?? 1) - 1;
  if (viewers > 0) inViewers.set(fileUrl, viewers);
  else inViewers.delete(fileUrl);
}

/** Opens a paged document, or takes the one opened ahead for this very source. */
export function openPreloadedDocument(source: DocumentSource, signal: AbortSignal): Promise<PagedDocument> {
  const ahead = openedBySource.get(source);
  if (!ahead) return openPagedDocument(source, signal);
  openedBySource.delete(source);
  return ahead.take();
}

import type { ContentType } from '@/widgets/document-viewer/document-size';
import { rotatedSize, type PageSize } from '@/widgets/document-viewer/page-layout';
import {
  abortError,
  drawRotated,
  listeners,
  prepareCanvas,
  type PagedDocument,
  type RenderRequest,
} from '@/widgets/document-viewer/paged-document';

/** A PNG, JPEG or WEBP as a one-page document. `createImageBitmap` decodes it off the main thread. */
export async function openImageDocument(
  bytes: ArrayBuffer,
  contentType: ContentType,
  signal: AbortSignal,
): Promise<PagedDocument> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes], { type: contentType }));
  } catch {
    throw new Error(
      `The ${contentType.replace('image/', '').toUpperCase()} image could not be decoded: the file is damaged or not of that type.`,
    );
  }
  if (signal.aborted) {
    bitmap.close();
    throw abortError();
  }
  return new ImageDocument(bitmap);
}

class ImageDocument implements PagedDocument {
  readonly kind = 'image';
  readonly pageCount = 1;
  private readonly sizes: PageSize[];
  private readonly changes = listeners();

  constructor(private readonly bitmap: ImageBitmap) {
    this.sizes = [{ width: bitmap.width, height: bitmap.height }];
  }

  pageSizes() {
    return this.sizes;
  }
  subscribe(listener: () => void) {
    return this.changes.subscribe(listener);
  }

  async render(_index: number, canvas: HTMLCanvasElement, { scale, rotation, outputScale, signal }: RenderRequest) {
    if (signal.aborted) throw abortError();
    const size = rotatedSize(this.sizes[0], rotation);
    drawRotated(prepareCanvas(canvas, size.width * scale, size.height * scale, outputScale), this.bitmap, rotation);
  }

  async renderText() {
    return null;
  }
  async pageText() {
    return [];
  }
  releasePage() {}
  destroy() {
    this.bitmap.close();
  }
}

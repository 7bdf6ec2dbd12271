import type { ContentType } from '@/widgets/document-viewer/document-size';
import { rotatedSize } from '@/widgets/document-viewer/page-layout';
import {
  abortError,
  BitmapPages,
  drawRotated,
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

class ImageDocument extends BitmapPages {
  readonly kind = 'image';
  readonly pageCount = 1;

  constructor(private readonly bitmap: ImageBitmap) {
    super([{ width: bitmap.width, height: bitmap.height }]);
  }

  async render(_index: number, canvas: HTMLCanvasElement, { scale, rotation, outputScale, signal }: RenderRequest) {
    if (signal.aborted) throw abortError();
    const size = rotatedSize(this.sizes[0], rotation);
    drawRotated(prepareCanvas(canvas, size.width * scale, size.height * scale, outputScale), this.bitmap, rotation);
  }

  destroy() {
    this.bitmap.close();
  }
}

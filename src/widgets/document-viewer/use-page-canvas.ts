import { useEffect, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import { outputScale as pickOutputScale, type Rotation } from './page-layout';
import { isAbortError, type PagedDocument } from './paged-document';

/**
 * A page's canvas: drawn while the page is live (near the viewport) and swapped in only once fully painted, so
 * zooming never flashes blank; freed as soon as the page leaves that window.
 */
export function usePageCanvas({
  doc,
  index,
  live,
  scale,
  rotation,
  width,
  height,
  onPainted,
}: {
  doc: PagedDocument;
  index: number;
  live: boolean;
  scale: number;
  rotation: Rotation;
  width: number;
  height: number;
  onPainted: (index: number) => void;
}) {
  const canvasHost = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const host = canvasHost.current;
    if (!live || !host) return;
    const controller = new AbortController();
    const canvas = document.createElement('canvas');
    const outputScale = pickOutputScale(width, height, window.devicePixelRatio);
    doc.render(index, canvas, { scale, rotation, outputScale, signal: controller.signal }).then(
      () => {
        if (controller.signal.aborted) return releaseCanvas(canvas);
        for (const old of host.querySelectorAll('canvas')) releaseCanvas(old);
        host.replaceChildren(canvas);
        setError(null);
        onPainted(index);
      },
      (reason: unknown) => {
        releaseCanvas(canvas);
        if (!isAbortError(reason) && !controller.signal.aborted)
          setError(reason instanceof Error ? reason.message : t`The page could not be drawn.`);
      },
    );
    return () => controller.abort();
  }, [doc, index, live, scale, rotation, width, height, onPainted]);

  // Leaving the window around the viewport: free the canvas's backing store now rather than at garbage collection.
  useEffect(() => {
    const host = canvasHost.current;
    if (live || !host) return;
    for (const old of host.querySelectorAll('canvas')) releaseCanvas(old);
    host.replaceChildren();
    doc.releasePage(index);
  }, [doc, index, live]);

  return { canvasHost, error };
}

function releaseCanvas(canvas: HTMLCanvasElement) {
  canvas.width = 0;
  canvas.height = 0;
}

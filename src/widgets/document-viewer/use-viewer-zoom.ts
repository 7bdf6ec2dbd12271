import { useEffect, useRef, useState, type RefObject } from 'react';
import { clampZoom, fitScale, nextZoom, type PageSize, type ZoomMode } from './page-layout';

export type ZoomRequest = { mode: ZoomMode; scale?: number } | 'in' | 'out';

/**
 * The zoom: fit width (the default), fit page, or a custom scale from the toolbar, +/- keys, or Ctrl/⌘ + wheel (which
 * then zooms the document instead of the whole console).
 */
export function useViewerZoom(
  scrollerRef: RefObject<HTMLDivElement | null>,
  largest: PageSize,
  viewport: { width: number; height: number },
) {
  const [zoom, setZoom] = useState<{ mode: ZoomMode; custom: number }>({ mode: 'fit-width', custom: 1 });
  const scale = zoom.mode === 'custom' ? zoom.custom : viewport.width ? fitScale(zoom.mode, largest, viewport) : 1;

  const applyZoom = (next: ZoomRequest) => {
    if (next === 'in' || next === 'out') setZoom({ mode: 'custom', custom: nextZoom(scale, next === 'in' ? 1 : -1) });
    else setZoom({ mode: next.mode, custom: clampZoom(next.scale ?? scale) });
  };

  const scaleRef = useRef(scale);
  useEffect(() => {
    scaleRef.current = scale;
  }, [scale]);
  useEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      setZoom({ mode: 'custom', custom: clampZoom(scaleRef.current * Math.exp(-event.deltaY / 300)) });
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [scrollerRef]);

  return { mode: zoom.mode, scale, applyZoom };
}

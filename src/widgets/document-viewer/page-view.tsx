import { memo } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { OcrTextLayer } from './ocr-text-layer';
import type { Rotation } from './page-layout';
import type { PagedDocument } from './paged-document';
import { usePageCanvas } from './use-page-canvas';
import { usePageHighlight, usePageTextLayer } from './use-page-text-layer';

export type PageViewProps = {
  doc: PagedDocument;
  index: number;
  pageCount: number;
  top: number;
  left: number;
  width: number;
  height: number;
  scale: number;
  rotation: Rotation;
  /** Has a canvas (near the viewport); otherwise an empty page-shaped box. */
  live: boolean;
  highlightText: string | null;
  /** Changes when the highlight must be scrolled into view once marked. */
  revealToken: number;
  onReveal: (index: number, box: { top: number; left: number; height: number; width: number }) => void;
  onPainted: (index: number) => void;
};

/** One page: its canvas (swapped in only once fully painted, so zooming never flashes blank) and its text layer. */
export const PageView = memo(function PageView(props: PageViewProps) {
  const {
    doc,
    index,
    pageCount,
    top,
    left,
    width,
    height,
    scale,
    rotation,
    live,
    highlightText,
    revealToken,
    onReveal,
    onPainted,
  } = props;
  const { canvasHost, error } = usePageCanvas({ doc, index, live, scale, rotation, width, height, onPainted });
  const { textHost, text } = usePageTextLayer({ doc, index, live, scale, rotation });
  usePageHighlight({ text, textHost, highlightText, revealToken, index, onReveal });
  const pageNumber = index + 1;

  return (
    <div
      className="dv-page"
      role="group"
      aria-label={t`Page ${pageNumber} of ${pageCount}`}
      data-page-number={index + 1}
      style={{ top, left, width, height }}
    >
      <div className="dv-page-canvas" ref={canvasHost} />
      {doc.kind === 'pdf' && (
        <div className="textLayer" ref={textHost} onMouseDown={(e) => e.currentTarget.classList.add('selecting')} />
      )}
      {live && (
        <OcrTextLayer
          page={index + 1}
          width={width}
          height={height}
          rotation={rotation}
          hasOwnText={doc.kind === 'pdf' && (!text || text.items.some((item) => item.str.trim() !== ''))}
        />
      )}
      {error && (
        <p className="dv-page-error" role="alert">
          <Trans>
            Page {pageNumber}: {error}
          </Trans>
        </p>
      )}
    </div>
  );
});

import { memo, useContext, useMemo, type CSSProperties } from 'react';
import type { OcrWord } from '@/contract/ocr';
import { Trans } from '@lingui/react/macro';
import type { Rotation } from './page-layout';
import {
  RecognitionSaidByHostContext,
  isRecognizing,
  recognizedWords,
  useRecognizedTextOfDocument,
} from './recognized-text';
import './ocr-text-layer.css';

export type OcrTextLayerProps = {
  /** 1-based page. */
  page: number;
  /** The page's size on screen, as shown (rotated). */
  width: number;
  height: number;
  rotation: Rotation;
  /** The page has its own text layer (a PDF page with text): recognised words are not laid over it. */
  hasOwnText?: boolean;
};

/**
 * The recognised words of a page (the document's `ocrFileUrl`) as a selectable text layer over the page image, built
 * like pdf.js's: transparent text in boxes at the words' places, so selecting text on an image or a scanned page
 * works as on a PDF and feeds the same selection path. While the service still recognises the page, it says so.
 */
export function OcrTextLayer({ page, width, height, rotation, hasOwnText }: OcrTextLayerProps) {
  const recognized = useRecognizedTextOfDocument();
  const saidByHost = useContext(RecognitionSaidByHostContext);
  const words = recognizedWords(recognized, page);
  if (hasOwnText) return null;
  if (words?.length) return <OcrWords words={words} width={width} height={height} rotation={rotation} />;
  if (isRecognizing(recognized) && !saidByHost) {
    return (
      <p className="dv-ocr-status" role="status">
        <Trans>Recognising text on this page…</Trans>
      </p>
    );
  }
  if (recognized && 'result' in recognized && recognized.status === 'failed') {
    return (
      <p className="dv-ocr-status dv-ocr-status--failed" role="status">
        <Trans>No text recognised on this page</Trans>
      </p>
    );
  }
  return null;
}

let measureContext: CanvasRenderingContext2D | null | undefined;
/** The font the words are measured in: the text layer's own (a CSS font, not words). */
const MEASURE_FONT = '100px sans-serif';
/** Width of `text` at 100px in the layer's font (one shared canvas; measuring is cheap). */
function textWidthAt100(text: string): number {
  if (measureContext === undefined) measureContext = document.createElement('canvas').getContext('2d');
  if (!measureContext) return 0;
  measureContext.font = MEASURE_FONT;
  return measureContext.measureText(text).width;
}

type LaidWord = {
  key: string;
  text: string;
  left: string;
  top: string;
  fontPx: number;
  scaleX: number;
  endsLine: boolean;
};

const OcrWords = memo(function OcrWords({
  words,
  width,
  height,
  rotation,
}: {
  words: OcrWord[];
  width: number;
  height: number;
  rotation: Rotation;
}) {
  // The layer is laid out unrotated and turned as a whole, as pdf.js does with its text layer.
  const [w, h] = rotation % 180 === 0 ? [width, height] : [height, width];
  const laid = useMemo(
    () =>
      words.map((word, i): LaidWord => {
        const fontPx = Math.max(1, word.box.h * h);
        const natural = (textWidthAt100(word.text) * fontPx) / 100;
        const next = words[i + 1];
        const endsLine = !next || next.line !== word.line;
        return {
          key: `${i}`,
          // A space after each word but the last of its line, so a selection across words reads as they are printed.
          text: endsLine ? word.text : `${word.text} `,
          left: `${word.box.x * 100}%`,
          top: `${word.box.y * 100}%`,
          fontPx,
          scaleX: natural > 0 ? (word.box.w * w) / natural : 1,
          endsLine,
        };
      }),
    [words, w, h],
  );
  return (
    <div
      className="textLayer dv-ocr-layer"
      data-main-rotation={rotation || undefined}
      style={{ width: w, height: h, '--total-scale-factor': 1 } as CSSProperties}
      onMouseDown={(e) => e.currentTarget.classList.add('selecting')}
    >
      {laid.map((word) => [
        <span
          key={word.key}
          style={
            {
              left: word.left,
              top: word.top,
              '--font-height': `${word.fontPx}px`,
              '--scale-x': word.scaleX,
            } as CSSProperties
          }
        >
          {word.text}
        </span>,
        word.endsLine ? <br key={`${word.key}-br`} role="presentation" /> : null,
      ])}
      <div className="endOfContent" />
    </div>
  );
});

/**
 * The one wrapper around uPlot: sized to its container (and resized with it), coloured from the theme, focusable,
 * and announced as an image with a summary (`role="img"`, the numbers are in the chart's table view). Hovering or
 * the arrow keys pick a bucket (the readout below the canvas names its numbers); a click or Enter opens it.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useChartTheme, type ChartTheme } from './chart-theme';

export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

export interface UPlotChartProps {
  /** What the chart shows, for screen readers: "Runs per day by outcome, 7 days, 312 runs". */
  label: string;
  data: uPlot.AlignedData;
  options: (theme: ChartTheme) => ChartOptions;
  height?: number;
  /** The words for one x index, shown under the chart while it is hovered or focused. */
  readout: (index: number) => string;
  /** A click (with the y value under the pointer) or Enter on an index. */
  onPick?: (index: number, y: number | null) => void;
  /** Shown under the chart while nothing is picked. */
  hint?: string;
  /** Anything else the options draw (a marker's position): the chart is rebuilt when it changes. */
  redrawKey?: string | number;
}

export function UPlotChart({ label, data, options, height = 220, readout, onPick, hint, redrawKey }: UPlotChartProps) {
  const theme = useChartTheme();
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const latest = useRef({ options, onPick });
  useEffect(() => {
    latest.current = { options, onPick };
  });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const base = latest.current.options(theme);
    const chart = new uPlot(
      {
        ...base,
        width: Math.max(element.clientWidth, 200),
        height,
        legend: { show: false },
        cursor: { ...base.cursor, y: false, points: { show: false } },
        hooks: {
          ...base.hooks,
          setCursor: [...(base.hooks?.setCursor ?? []), (u) => setIndex(u.cursor.idx ?? null)],
        },
      },
      data,
      element,
    );
    plot.current = chart;
    const click = () => {
      const at = chart.cursor.idx;
      if (at == null) return;
      const top = chart.cursor.top;
      latest.current.onPick?.(at, top == null || top < 0 ? null : chart.posToVal(top, 'y'));
    };
    chart.over.addEventListener('click', click);
    const observer = new ResizeObserver(() => {
      const width = Math.max(element.clientWidth, 200);
      if (width !== chart.width) chart.setSize({ width, height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.over.removeEventListener('click', click);
      chart.destroy();
      plot.current = null;
    };
  }, [data, theme, height, redrawKey]);

  const count = data[0].length;
  const keyDown = (event: KeyboardEvent) => {
    if (!count) return;
    if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const step = event.key === 'ArrowRight' ? 1 : -1;
      setIndex((i) => (i == null ? (step > 0 ? 0 : count - 1) : Math.min(count - 1, Math.max(0, i + step))));
    } else if (event.key === 'Enter' && index != null && onPick) {
      event.preventDefault();
      onPick(index, null);
    }
  };

  return (
    <div className="insights-chart">
      <div
        ref={box}
        className="insights-chart__canvas"
        role="img"
        aria-label={label}
        tabIndex={0}
        onKeyDown={keyDown}
        onBlur={() => setIndex(null)}
        style={{ minHeight: height }}
      />
      <p className="insights-chart__readout">{index != null && index < count ? readout(index) : (hint ?? '\u00a0')}</p>
    </div>
  );
}

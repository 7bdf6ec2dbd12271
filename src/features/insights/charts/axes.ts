/** Axes and number formats shared by the Insights charts: dates in the operator's locale, integer counts, shares in %. */
import type uPlot from 'uplot';
import type { InsightBucket } from '@/contract';
import { t } from '@lingui/core/macro';
import { formatDateParts, formatNumber, formatPercent } from '@/i18n/format';
import type { ChartTheme } from './chart-theme';

export const formatCount = (n: number) => formatNumber(n, { maximumFractionDigits: 0 });
export const formatShare = (share: number | null) => (share == null ? '—' : formatPercent(share));
export const formatConfidence = (c: number | null) =>
  c == null ? '—' : formatNumber(c, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1 min 20 s", "3 h 5 min", "—" (unit abbreviations in the operator's language). */
export function formatDuration(seconds: number | null): string {
  if (seconds == null) return '—';
  const s = Math.round(seconds);
  if (s < 60) return t`${s} s`;
  if (s < 3600) {
    const minutes = Math.floor(s / 60);
    const rest = s % 60;
    return rest ? t`${minutes} min ${rest} s` : t`${minutes} min`;
  }
  const hours = Math.floor(s / 3600);
  const minutes = Math.round((s % 3600) / 60);
  if (hours >= 48) {
    const days = Math.round(hours / 24);
    return t`${days} d`;
  }
  return minutes ? t`${hours} h ${minutes} min` : t`${hours} h`;
}

/**
 * A bucket's start in words: day buckets are UTC days (the service's), so they are named in UTC; hours in the
 * operator's time zone.
 */
export function bucketFormatter(bucket: InsightBucket): (ms: number) => string {
  const options: Intl.DateTimeFormatOptions =
    bucket === 'day'
      ? { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  return (ms) => formatDateParts(ms, options);
}

/** The canvas font of axis values and labels (a CSS font shorthand, not text). */
const AXIS_FONT = '11px system-ui, sans-serif';

function axisBase(theme: ChartTheme): uPlot.Axis {
  return {
    stroke: theme.muted,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    font: AXIS_FONT,
  };
}

/** Room one time label needs on the x axis ("Nov 28", "14:00") with a gap. */
const TIME_LABEL_SPACE_PX = 56;

/** The x axis of a time series (values in seconds). */
export function timeAxis(theme: ChartTheme, bucket: InsightBucket): uPlot.Axis {
  const short: Intl.DateTimeFormatOptions =
    bucket === 'day' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { hour: '2-digit', minute: '2-digit' };
  return {
    ...axisBase(theme),
    grid: { show: false },
    // Ticks on the data's own x values (a bar's centre, a point), every n-th so the labels do not crowd: uPlot's own
    // time splits fall on half days and local midnights, naming one UTC day twice or the day before.
    splits: (u) => {
      const xs = (u.data[0] ?? []) as number[];
      const width = u.bbox.width / (globalThis.devicePixelRatio || 1); // bbox is in canvas pixels
      const every = Math.max(1, Math.ceil((xs.length * TIME_LABEL_SPACE_PX) / Math.max(width, 1)));
      return xs.filter((_, i) => i % every === 0);
    },
    values: (_u, splits) => splits.map((s) => formatDateParts(s * 1000, short)),
  };
}

/** A y axis of counts: whole numbers only. */
export function countAxis(theme: ChartTheme, label?: string): uPlot.Axis {
  return {
    ...axisBase(theme),
    label,
    labelFont: AXIS_FONT,
    size: 48,
    incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000],
    values: (_u, splits) => splits.map((s) => formatCount(s)),
  };
}

/** A y axis of shares from 0 to 1, labelled in %. */
export function shareAxis(theme: ChartTheme, label?: string): uPlot.Axis {
  return {
    ...axisBase(theme),
    label,
    labelFont: AXIS_FONT,
    size: 52,
    values: (_u, splits) => splits.map((s) => formatShare(s)),
  };
}

/** An x axis of confidences 0…1. */
export function confidenceAxis(theme: ChartTheme, label: string): uPlot.Axis {
  return {
    ...axisBase(theme),
    label,
    labelFont: AXIS_FONT,
    grid: { show: false },
    incrs: [0.1, 0.2, 0.5],
    space: 28,
    values: (_u, splits) => splits.map((s) => formatNumber(s, { minimumFractionDigits: 1, maximumFractionDigits: 1 })),
  };
}

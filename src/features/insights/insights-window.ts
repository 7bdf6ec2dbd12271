/**
 * The window an Insights URL asks for, as instants and a bucket size. A preset ends at the next full hour (24 h) or
 * the next UTC midnight (days), so the window — and the query it keys — stays the same while the operator looks, and
 * day buckets line up with the service's UTC days.
 */
import { MAX_INSIGHT_WINDOW_DAYS, type InsightBucket } from '@/contract';
import { DEFAULT_INSIGHT_WINDOW, type InsightWindow, type InsightsSearch } from './insights-search';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Up to this span the charts count per hour, beyond it per day. */
const HOURLY_UP_TO = 48 * HOUR;

export interface ResolvedWindow {
  window: InsightWindow;
  from: string;
  to: string;
  bucket: InsightBucket;
}

const ceilTo = (ms: number, step: number) => Math.ceil(ms / step) * step;
const iso = (ms: number) => new Date(ms).toISOString();

/** The window the URL asks for; a custom window that is missing, reversed or too long falls back to the default. */
export function resolveWindow(search: InsightsSearch, now: number = Date.now()): ResolvedWindow {
  const window = search.window ?? DEFAULT_INSIGHT_WINDOW;
  if (window === 'custom' && search.from && search.to) {
    const from = Date.parse(search.from);
    const to = Date.parse(search.to);
    if (from < to && to - from <= MAX_INSIGHT_WINDOW_DAYS * DAY)
      return { window, from: iso(from), to: iso(to), bucket: to - from <= HOURLY_UP_TO ? 'hour' : 'day' };
  }
  if (window === '24h') {
    const to = ceilTo(now + 1, HOUR);
    return { window, from: iso(to - DAY), to: iso(to), bucket: 'hour' };
  }
  const days = window === '30d' ? 30 : 7;
  const to = ceilTo(now + 1, DAY);
  return {
    window: window === 'custom' ? DEFAULT_INSIGHT_WINDOW : window,
    from: iso(to - days * DAY),
    to: iso(to),
    bucket: 'day',
  };
}

/** Milliseconds a bucket spans. */
export const bucketMs = (bucket: InsightBucket) => (bucket === 'hour' ? HOUR : DAY);

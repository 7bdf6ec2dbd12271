/**
 * Date-time kit: relative time ("3 min ago") with the exact time on hover, in UTC or local time — one persisted
 * choice for the whole console (toggled in the operator menu or with <TimeZoneToggle />).
 *
 *   import { DateTime } from '@/components/date-time';
 *   <DateTime value={user.createdTime} />                  // "3 min ago", title "2026-11-22 18:56:17 UTC"
 *   <DateTime value={run.updatedTime} mode="exact" />      // "2026-11-22 18:56:17 UTC" (or local)
 *   <DateTime value={null} />                              // "—"
 *   const [zone, setZone] = useTimeZone();                 // 'utc' | 'local'
 *   formatExact(iso, zone)                                 // the string for CSV, tooltips, etc.
 */
import { useSyncExternalStore } from 'react';
import { usePersistedState } from './persisted-state';

export type TimeZoneChoice = 'utc' | 'local';
const ZONE_KEY = 'dps.timeZone';
const isZone = (value: unknown): value is TimeZoneChoice => value === 'utc' || value === 'local';

export function useTimeZone(): [TimeZoneChoice, (zone: TimeZoneChoice) => void] {
  return usePersistedState<TimeZoneChoice>(ZONE_KEY, 'local', isZone);
}

// One shared clock that ticks every 30 s, so relative times stay fresh without a timer per cell.
const clockListeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribeClock(listener: () => void) {
  clockListeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      clockListeners.forEach((l) => l());
    }, 30_000);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
function useNow(): number {
  return useSyncExternalStore(
    subscribeClock,
    () => now,
    () => now,
  );
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-22 18:56:17 UTC` or `2026-11-22 19:56:17 GMT+1` (local, with the zone's short name). */
export function formatExact(value: string | number | Date, zone: TimeZoneChoice): string {
  const date = toDate(value);
  if (!date) return String(value);
  if (zone === 'utc') {
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} UTC`;
  }
  const zoneName =
    new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' })
      .formatToParts(date)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${zoneName}`.trim();
}

/** `10:42` today, `2026-11-22 10:42` on another day (and ` UTC` in UTC): when something started, at a glance. */
export function formatClock(value: string | number | Date, zone: TimeZoneChoice, nowMs: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const utc = zone === 'utc';
  const parts = (d: Date) =>
    utc
      ? [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()]
      : [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];
  const [year, month, day, hours, minutes] = parts(date);
  const [todayYear, todayMonth, today] = parts(new Date(nowMs));
  const clock = `${pad(hours)}:${pad(minutes)}${utc ? ' UTC' : ''}`;
  return year === todayYear && month === todayMonth && day === today
    ? clock
    : `${year}-${pad(month)}-${pad(day)} ${clock}`;
}

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "3 minutes ago", "in 2 days". */
export function formatRelative(value: string | number | Date, nowMs: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const seconds = Math.round((date.getTime() - nowMs) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'minute') return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(seconds, 'second');
}

export interface DateTimeProps {
  value: string | number | Date | null | undefined;
  /**
   * `relative` (default): "3 min ago" with the exact time on hover; `exact`: the exact time, relative on hover;
   * `clock`: "10:42" (with the date on another day), the exact and relative time on hover.
   */
  mode?: 'relative' | 'exact' | 'clock';
  /** Shown when value is null/undefined. */
  empty?: string;
  className?: string;
}

export function DateTime({ value, mode = 'relative', empty = '—', className }: DateTimeProps) {
  const [zone] = useTimeZone();
  const nowMs = useNow();
  if (value === null || value === undefined || value === '') return <span className="muted">{empty}</span>;
  const date = toDate(value);
  if (!date) return <span>{String(value)}</span>;
  const exact = formatExact(date, zone);
  const relative = formatRelative(date, nowMs);
  return (
    <time
      dateTime={date.toISOString()}
      title={mode === 'relative' ? exact : mode === 'clock' ? `${exact} (${relative})` : relative}
      className={['date-time', className].filter(Boolean).join(' ')}
    >
      {mode === 'relative' ? relative : mode === 'clock' ? formatClock(date, zone, nowMs) : exact}
    </time>
  );
}

/** A small UTC/local switch for toolbars (the operator menu has one too; both change the same setting). */
export function TimeZoneToggle() {
  const [zone, setZone] = useTimeZone();
  return (
    <div className="segmented" role="group" aria-label="Show times in">
      <button type="button" aria-pressed={zone === 'local'} onClick={() => setZone('local')}>
        Local
      </button>
      <button type="button" aria-pressed={zone === 'utc'} onClick={() => setZone('utc')}>
        UTC
      </button>
    </div>
  );
}

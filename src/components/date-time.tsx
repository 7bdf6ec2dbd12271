/**
 * Date-time kit: relative time ("3 minutes ago") with the exact time on hover, in UTC or local time — one persisted
 * choice for the whole console (toggled in the operator menu or with <TimeZoneToggle />). Everything is written by
 * `@/i18n/format`, in the operator's locale (en-US "Nov 22, 2026, 06:56:17 PM UTC", nb-NO "22. nov. 2026, 18:56:17 UTC").
 *
 *   import { DateTime } from '@/components/date-time';
 *   <DateTime value={user.createdTime} />                  // "3 minutes ago", the exact time on hover
 *   <DateTime value={run.updatedTime} mode="exact" />      // "Nov 22, 2026, 06:56:17 PM UTC" (or local)
 *   <DateTime value={null} />                              // "—"
 *   const [zone, setZone] = useTimeZone();                 // 'utc' | 'local'
 *   formatExact(iso, zone)                                 // the string for CSV, tooltips, etc.
 */
import { useSyncExternalStore } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { usePersistedState } from './persisted-state';
import {
  formatClock as formatClockText,
  formatDateTime,
  formatRelativeTime,
  toDate,
  type TimeZoneChoice,
} from '@/i18n/format';

export type { TimeZoneChoice };
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

/** The exact moment to the second, with the zone's short name: "Nov 22, 2026, 06:56:17 PM UTC" (en-US). */
export function formatExact(value: string | number | Date, zone: TimeZoneChoice): string {
  return formatDateTime(value, zone);
}

/** "10:42 AM" today, "Nov 22, 10:42 AM" on another day (with the zone's name in UTC): when something started. */
export function formatClock(value: string | number | Date, zone: TimeZoneChoice, nowMs: number = Date.now()): string {
  return formatClockText(value, zone, nowMs);
}

/** "just now", "3 minutes ago", "in 2 days" — in the operator's language. */
export function formatRelative(value: string | number | Date, nowMs: number = Date.now()): string {
  const date = toDate(value);
  if (date && Math.abs(date.getTime() - nowMs) < 45_000) return t`just now`;
  return formatRelativeTime(value, nowMs);
}

export interface DateTimeProps {
  value: string | number | Date | null | undefined;
  /**
   * `relative` (default): "3 minutes ago" with the exact time on hover; `exact`: the exact time, relative on hover;
   * `clock`: "10:42 AM" (with the date on another day), the exact and relative time on hover.
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
  const title = mode === 'relative' ? exact : mode === 'clock' ? t`${exact} (${relative})` : relative;
  return (
    <time dateTime={date.toISOString()} title={title} className={['date-time', className].filter(Boolean).join(' ')}>
      {mode === 'relative' ? relative : mode === 'clock' ? formatClock(date, zone, nowMs) : exact}
    </time>
  );
}

/** A small UTC/local switch for toolbars (the operator menu has one too; both change the same setting). */
export function TimeZoneToggle() {
  const [zone, setZone] = useTimeZone();
  return (
    <div className="segmented" role="group" aria-label={t`Show times in`}>
      <button type="button" aria-pressed={zone === 'local'} onClick={() => setZone('local')}>
        <Trans>Local</Trans>
      </button>
      <button type="button" aria-pressed={zone === 'utc'} onClick={() => setZone('utc')}>
        {/* The zone's name, the same in every language. */}
        UTC
      </button>
    </div>
  );
}

/**
 * The one place the console turns dates, times, numbers, percentages, byte sizes and lists into text: always
 * through `Intl`, in the operator's locale (`currentLocale()`), and for times in the zone the operator chose (local
 * or UTC; the date-time kit's toggle). Lint forbids `toLocaleString` and `new Intl.*` everywhere else in src/.
 *
 *   formatDateTime(run.createdTime, 'utc')   // "22 Nov 2026, 18:56:17 UTC" (nb-NO: "22. nov. 2026, 18:56:17 UTC")
 *   formatRelativeTime(iso, now)             // "3 minutes ago" / "for 3 minutter siden"
 *   formatNumber(12345)                      // "12,345" / "12 345"
 *   formatPercent(0.061)                     // "6%" / "6 %"
 *   formatBytes(1_500_000)                   // "1.4 MB" / "1,4 MB"
 */
import { currentLocale } from './i18n';

export type TimeZoneChoice = 'utc' | 'local';
type DateInput = string | number | Date;

// Intl objects are costly to build: one per locale and option set, kept for the page's life (the locale only
// changes with a reload).
const cache = new Map<string, unknown>();
function cached<T>(kind: string, options: object, build: (locale: string) => T): T {
  const key = `${kind}|${currentLocale()}|${JSON.stringify(options)}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = build(currentLocale());
    cache.set(key, formatter);
  }
  return formatter;
}
const dateFormat = (options: Intl.DateTimeFormatOptions) =>
  cached('date', options, (locale) => new Intl.DateTimeFormat(locale, options));
const numberFormat = (options: Intl.NumberFormatOptions = {}) =>
  cached('number', options, (locale) => new Intl.NumberFormat(locale, options));

export function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const zoneOptions = (zone: TimeZoneChoice): Intl.DateTimeFormatOptions => (zone === 'utc' ? { timeZone: 'UTC' } : {});

/** Date and time to the second, with the zone's short name: the exact moment, for tooltips, details and exports. */
export function formatDateTime(value: DateInput, zone: TimeZoneChoice = 'local', seconds = true): string {
  const date = toDate(value);
  if (!date) return String(value);
  return dateFormat({
    ...zoneOptions(zone),
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' } : {}),
    timeZoneName: 'short',
  }).format(date);
}

/** The day alone ("22 Nov 2026"). */
export function formatDate(value: DateInput, zone: TimeZoneChoice = 'local'): string {
  const date = toDate(value);
  if (!date) return String(value);
  return dateFormat({ ...zoneOptions(zone), year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** The time alone ("18:56" or "6:56 PM"), with the zone's name when `withZone`. */
export function formatTime(value: DateInput, zone: TimeZoneChoice = 'local', withZone = false): string {
  const date = toDate(value);
  if (!date) return String(value);
  return dateFormat({
    ...zoneOptions(zone),
    hour: '2-digit',
    minute: '2-digit',
    ...(withZone ? { timeZoneName: 'short' } : {}),
  }).format(date);
}

/** Any `Intl.DateTimeFormat` options in the operator's locale: for chart axes and other special layouts. */
export function formatDateParts(value: DateInput, options: Intl.DateTimeFormatOptions): string {
  const date = toDate(value);
  return date ? dateFormat(options).format(date) : String(value);
}

/** The time today ("10:42"), else the day and the time: when something started, at a glance. */
export function formatClock(value: DateInput, zone: TimeZoneChoice = 'local', nowMs: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const day = dateFormat({ ...zoneOptions(zone), year: 'numeric', month: 'numeric', day: 'numeric' });
  if (day.format(date) === day.format(new Date(nowMs))) return formatTime(date, zone, zone === 'utc');
  return dateFormat({
    ...zoneOptions(zone),
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(zone === 'utc' ? { timeZoneName: 'short' } : {}),
  }).format(date);
}

/** The short name of the zone times are shown in ("UTC", "CET", "GMT+1"). */
export function timeZoneName(zone: TimeZoneChoice, at: DateInput = Date.now()): string {
  const date = toDate(at) ?? new Date();
  const parts = dateFormat({ ...zoneOptions(zone), timeZoneName: 'short' }).formatToParts(date);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "now", "3 minutes ago", "in 2 days" — in the operator's language. */
export function formatRelativeTime(value: DateInput, nowMs: number = Date.now()): string {
  const date = toDate(value);
  if (!date) return String(value);
  const relative = cached('relative', {}, (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  const seconds = Math.round((date.getTime() - nowMs) / 1000);
  if (Math.abs(seconds) < 45) return relative.format(0, 'second');
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? UNITS[UNITS.length - 1];
  return relative.format(Math.round(seconds / size), unit);
}

/** A count or measure ("12,345"); pass options for fixed decimals. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return numberFormat(options).format(value);
}

/** A share of one as a percentage ("6%"). */
export function formatPercent(fraction: number, maximumFractionDigits = 0): string {
  return numberFormat({ style: 'percent', maximumFractionDigits }).format(fraction);
}

/** A byte size in binary steps, named as operators read them ("512 B", "12.5 KB", "1.43 MB", "2.1 GB"). */
export function formatBytes(bytes: number): string {
  const steps: [string, number, number][] = [
    ['gigabyte', 1024 ** 3, 1],
    ['megabyte', 1024 ** 2, 2],
    ['kilobyte', 1024, 1],
  ];
  const [unit, size, digits] = steps.find(([, length]) => bytes >= length) ?? ['byte', 1, 0];
  return numberFormat({ style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: digits }).format(
    bytes / size,
  );
}

/** "a, b and c" / "a, b og c". */
export function formatList(items: readonly string[], type: Intl.ListFormatType = 'conjunction'): string {
  return cached('list', { type }, (locale) => new Intl.ListFormat(locale, { type })).format(items);
}

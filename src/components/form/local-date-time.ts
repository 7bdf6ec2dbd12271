/**
 * `<input type="datetime-local">` speaks the operator's local wall-clock time without a zone; the URL and the API speak
 * UTC instants. These two convert between them, for every date-time input of the console.
 *
 * The value is always ISO (`2026-01-02T03:04`, the HTML standard's format, whatever the language); how the input
 * SHOWS it (day-month order, 24-hour clock, the picker's month names) is the browser's choice, from its own UI
 * language and regional settings — no page can set it (Chromium, Firefox and Safari ignore `lang` on these inputs).
 * So the conversions below are locale-free, and the texts around an input (its label, the chosen window written out
 * by @/i18n/format) follow the operator's language and locale.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value in the operator's time zone ('' for none or an unreadable one). */
export function toLocalDateTimeInput(instant: string | undefined): string {
  if (!instant) return '';
  const d = new Date(instant);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as a UTC instant (undefined for an empty input). */
export const fromLocalDateTimeInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

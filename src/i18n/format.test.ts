/**
 * The formatting module in the locales operators use: en-US (the default), en-GB (day before month, 24-hour clock) and
 * nb-NO, each in UTC and in local time (Oslo here), as the browser's languages choose them at start-up.
 */
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Local time is Oslo's for every formatter this file builds (Node reads TZ when a formatter is made).
process.env.TZ = 'Europe/Oslo';

// The Norwegian catalog is the lead's to compile; formatting needs only the locale.
vi.mock('./catalogs/nb/messages.po', () => ({ messages: {} }));

const { activateStartupLanguage, currentLocale } = await import('./i18n');
const format = await import('./format');

async function startIn(languages: string[]) {
  vi.stubGlobal('navigator', { languages, language: languages[0] });
  await activateStartupLanguage();
}

const moment = '2026-11-22T18:56:17Z'; // 19:56:17 in Oslo (CET)
const now = Date.parse('2026-11-22T21:00:00Z');
// ICU writes a narrow no-break space before AM/PM and in some groupings: compare with plain spaces.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

afterAll(() => vi.unstubAllGlobals());

describe('en-US', () => {
  beforeEach(() => startIn(['en-US', 'en']));

  it('is the locale of an American English browser', () => {
    expect(currentLocale()).toBe('en-US');
  });
  it('writes the exact time in UTC and in local time', () => {
    expect(plain(format.formatDateTime(moment, 'utc'))).toBe('Nov 22, 2026, 06:56:17 PM UTC');
    expect(plain(format.formatDateTime(moment, 'local'))).toBe('Nov 22, 2026, 07:56:17 PM GMT+1');
  });
  it('writes the clock: the time today, the day and time on another', () => {
    expect(plain(format.formatClock(moment, 'utc', now))).toBe('06:56 PM UTC');
    expect(plain(format.formatClock(moment, 'local', now))).toBe('07:56 PM');
    expect(plain(format.formatClock(moment, 'local', now + 86_400_000))).toBe('Nov 22, 07:56 PM');
  });
  it('writes relative times, numbers, percentages and sizes', () => {
    expect(format.formatRelativeTime(moment, Date.parse(moment) + 3 * 60_000)).toBe('3 minutes ago');
    expect(format.formatRelativeTime(moment, Date.parse(moment) + 10_000)).toBe('now');
    expect(format.formatNumber(12345.5)).toBe('12,345.5');
    expect(format.formatPercent(0.061)).toBe('6%');
    expect(format.formatBytes(1_500_000)).toBe('1.43 MB');
    expect(format.formatList(['a', 'b', 'c'])).toBe('a, b, and c');
  });
});

describe('en-GB', () => {
  beforeEach(() => startIn(['en-GB']));

  it('keeps British order and the 24-hour clock', () => {
    expect(currentLocale()).toBe('en-GB');
    expect(format.formatDateTime(moment, 'utc')).toBe('22 Nov 2026, 18:56:17 UTC');
    expect(format.formatDateTime(moment, 'local')).toBe('22 Nov 2026, 19:56:17 CET');
    expect(format.formatDate(moment, 'utc')).toBe('22 Nov 2026');
    expect(format.formatClock(moment, 'utc', now)).toBe('18:56 UTC');
    expect(format.formatList(['a', 'b', 'c'])).toBe('a, b and c');
  });
});

describe('nb-NO', () => {
  beforeEach(() => startIn(['nb-NO', 'en']));

  it('is chosen for a Norwegian browser', () => {
    expect(currentLocale()).toBe('nb-NO');
  });
  it('writes dates and times the Norwegian way, in UTC and local time', () => {
    expect(format.formatDateTime(moment, 'utc')).toBe('22. nov. 2026, 18:56:17 UTC');
    expect(format.formatDateTime(moment, 'local')).toBe('22. nov. 2026, 19:56:17 CET');
    expect(format.formatTime(moment, 'local')).toBe('19:56');
    expect(format.formatClock(moment, 'utc', now)).toBe('18:56 UTC');
    expect(format.timeZoneName('utc')).toBe('UTC');
  });
  it('writes relative times, numbers, percentages and sizes in Norwegian', () => {
    expect(format.formatRelativeTime(moment, Date.parse(moment) + 3 * 60_000)).toBe('for 3 minutter siden');
    expect(plain(format.formatNumber(12345.5))).toBe('12 345,5');
    expect(plain(format.formatPercent(0.061))).toBe('6 %');
    expect(format.formatBytes(1_500_000)).toBe('1,43 MB');
    expect(format.formatList(['a', 'b', 'c'])).toBe('a, b og c');
  });
});

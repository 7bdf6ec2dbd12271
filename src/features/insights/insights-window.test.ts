import { describe, expect, it } from 'vitest';
import { insightsSearchSchema } from './insights-search';
import { resolveWindow } from './insights-window';

const now = Date.parse('2026-11-26T22:47:10.000Z');

describe('insights window', () => {
  it('ends presets at the next full hour (24 h, hourly) or the next UTC midnight (days, daily)', () => {
    expect(resolveWindow({ window: '24h' }, now)).toEqual({
      window: '24h',
      from: '2026-11-25T23:00:00.000Z',
      to: '2026-11-26T23:00:00.000Z',
      bucket: 'hour',
    });
    expect(resolveWindow({}, now)).toEqual({
      window: '7d',
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-27T00:00:00.000Z',
      bucket: 'day',
    });
    expect(resolveWindow({ window: '30d' }, now).from).toBe('2026-10-28T00:00:00.000Z');
  });

  it('takes a custom window as given, hourly up to 48 h, and falls back to 7 days when it is unusable', () => {
    const custom = { window: 'custom' as const, from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' };
    expect(resolveWindow(custom, now)).toMatchObject({ window: 'custom', bucket: 'hour' });
    expect(resolveWindow({ ...custom, to: '2026-11-03T00:00:01Z' }, now).bucket).toBe('day');
    expect(resolveWindow({ ...custom, to: '2026-10-01T00:00:00Z' }, now).window).toBe('7d');
    expect(resolveWindow({ window: 'custom' }, now).window).toBe('7d');
    expect(resolveWindow({ ...custom, to: '2028-11-03T00:00:00Z' }, now).window).toBe('7d');
  });

  it('drops what the URL gets wrong instead of failing the page', () => {
    expect(insightsSearchSchema.parse({ window: '1y', from: 'yesterday', to: '2026-11-03T00:00:00Z' })).toEqual({
      window: undefined,
      from: undefined,
      to: '2026-11-03T00:00:00Z',
    });
  });
});

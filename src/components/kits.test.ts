import { describe, expect, it } from 'vitest';
import { listParams, paginationSearch, tokenPager } from './data-table/pagination';
import { parseJsonObject } from './json-editor';
import { formatExact, formatRelative } from './date-time';
import { z } from 'zod/mini';

describe('token pagination', () => {
  it('walks forward and back through a trail of nextTokens', () => {
    const scope = `test-${Math.random()}`;
    const first = tokenPager('svc:organization:test', scope, undefined);
    expect(first.page).toBe(1);
    expect(first.hasPrevious).toBe(false);
    expect(first.next('t2')).toEqual({ cursor: 't2' });

    const second = tokenPager('svc:organization:test', scope, 't2');
    expect(second.page).toBe(2);
    expect(second.previous()).toEqual({ cursor: undefined });
    expect(second.next('t3')).toEqual({ cursor: 't3' });

    const third = tokenPager('svc:organization:test', scope, 't3');
    expect(third.page).toBe(3);
    expect(third.previous()).toEqual({ cursor: 't2' });
  });

  it('after a reload deep in the list the page is unknown and Previous goes to the first page', () => {
    const pager = tokenPager('svc:organization:test', `test-${Math.random()}`, 'deep');
    expect(pager.page).toBeNull();
    expect(pager.hasPrevious).toBe(true);
    expect(pager.previous()).toEqual({ cursor: undefined });
  });

  it('does not show one organization the page trail of another', () => {
    const scope = `users-${Math.random()}`;
    const first = tokenPager('svc:organization:aaaa', scope, undefined);
    expect(first.page).toBe(1);
    first.next('a2');
    expect(tokenPager('svc:organization:aaaa', scope, 'a2').page).toBe(2);
    // The same list in organization B has not been walked: its token is unknown there.
    expect(tokenPager('svc:organization:bbbb', scope, 'a2').page).toBeNull();
  });

  it('reads page size and cursor from the URL, dropping invalid values', () => {
    const schema = z.object(paginationSearch);
    expect(schema.parse({ pageSize: '100', cursor: 'abc' })).toEqual({ pageSize: 100, cursor: 'abc' });
    expect(schema.parse({ pageSize: '7', cursor: '' })).toEqual({ pageSize: undefined, cursor: undefined });
    expect(listParams({})).toEqual({ maxResults: 50, nextToken: undefined });
  });
});

describe('metadata JSON', () => {
  it('accepts objects and empty text, rejects everything else with the reason', () => {
    expect(parseJsonObject('{"team": "ops"}')).toEqual({ ok: true, value: { team: 'ops' } });
    expect(parseJsonObject('   ')).toEqual({ ok: true, value: undefined });
    expect(parseJsonObject('[1]')).toMatchObject({
      ok: false,
      error: expect.stringContaining('must be a JSON object'),
    });
    expect(parseJsonObject('null')).toMatchObject({
      ok: false,
      error: expect.stringContaining('must be a JSON object'),
    });
    expect(parseJsonObject('"text"')).toMatchObject({ ok: false });
    expect(parseJsonObject('{"a": ')).toMatchObject({ ok: false, error: expect.stringContaining('Not valid JSON') });
  });
});

describe('date-time', () => {
  it('formats exact UTC time', () => {
    expect(formatExact('2026-11-22T18:56:17.000Z', 'utc')).toBe('Nov 22, 2026, 06:56:17 PM UTC');
  });
  it('formats relative time', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(formatRelative('2026-11-22T11:59:50Z', now)).toBe('just now');
    expect(formatRelative('2026-11-22T11:57:00Z', now)).toBe('3 minutes ago');
    expect(formatRelative('2026-11-20T12:00:00Z', now)).toBe('2 days ago');
    expect(formatRelative('2026-11-22T14:00:00Z', now)).toBe('in 2 hours');
  });
});

import { describe, expect, it } from 'vitest';
import { fromLocalDateTimeInput, toLocalDateTimeInput } from './local-date-time';

describe('datetime-local values', () => {
  it('an instant and its local input value convert back to the same minute', () => {
    const instant = '2026-03-29T01:30:00.000Z';
    const local = toLocalDateTimeInput(instant);
    expect(local).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d$/);
    expect(fromLocalDateTimeInput(local)).toBe(instant);
  });

  it('nothing, or an unreadable instant, is an empty input; an empty input is no instant', () => {
    expect(toLocalDateTimeInput(undefined)).toBe('');
    expect(toLocalDateTimeInput('not a date')).toBe('');
    expect(fromLocalDateTimeInput('')).toBeUndefined();
  });
});

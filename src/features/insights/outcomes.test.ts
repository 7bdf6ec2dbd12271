import { describe, expect, it } from 'vitest';
import { outcomeAt, stackedSeries, type OutcomeCounts } from './outcomes';

const counts: OutcomeCounts = { straightThrough: 3, reviewed: 2, inProgress: 0, error: 1, archived: 4 };

describe('stacked outcome bars', () => {
  it('stacks bottom-up and lists the tallest series first', () => {
    const series = stackedSeries([counts]);
    expect(series.map((s) => [s.outcome, s.values[0]])).toEqual([
      ['archived', 10],
      ['error', 6],
      ['inProgress', 5],
      ['reviewed', 5],
      ['straightThrough', 3],
    ]);
  });

  it('names the segment under the pointer, skipping empty ones, and the whole bar above it', () => {
    expect(outcomeAt(counts, 1)).toBe('straightThrough');
    expect(outcomeAt(counts, 4.5)).toBe('reviewed');
    expect(outcomeAt(counts, 5.5)).toBe('error');
    expect(outcomeAt(counts, 9)).toBe('archived');
    expect(outcomeAt(counts, 11)).toBeUndefined();
    expect(outcomeAt(counts, null)).toBeUndefined();
  });
});

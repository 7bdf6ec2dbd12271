import { describe, expect, it } from 'vitest';
import { parseRange } from './byte-range';

describe('parseRange', () => {
  it('reads the three single-range forms, clipping the end to the file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'partial', range: { start: 50, end: 99 } });
    expect(parseRange(' Bytes = 1 - 2 ', 100)).toEqual({ kind: 'partial', range: { start: 1, end: 2 } });
  });

  it('is unsatisfiable past the end, for an empty suffix, or on an empty file', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=150-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores what is not one bytes range: the whole file', () => {
    for (const header of [undefined, '', 'bytes=', 'bytes=-', 'bytes=0-1,4-5', 'items=0-1', 'bytes=9-3', 'bytes=a-b']) {
      expect(parseRange(header, 100), String(header)).toEqual({ kind: 'whole' });
    }
  });
});

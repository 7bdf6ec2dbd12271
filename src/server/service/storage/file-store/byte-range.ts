/**
 * The `Range` header of a file GET (RFC 9110 §14): one byte range `a-b`, `a-` or `-n`. A header that is not a bytes
 * range, or holds several ranges, is ignored (the whole file is served, as the RFC allows); a single range that
 * starts past the end is unsatisfiable (416).
 */

/** Inclusive byte positions. */
export interface ByteRange {
  start: number;
  end: number;
}

export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = header?.trim().match(/^bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i);
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' };
  const [first, last] = [match[1], match[2]];
  if (first === '') {
    // A suffix: the last n bytes (all of them when n >= size); zero bytes cannot be served.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end } };
}

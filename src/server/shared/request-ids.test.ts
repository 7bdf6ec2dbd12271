import { describe, expect, it } from 'vitest';
import { newRequestId, traceIdOf, traceparentFor } from './request-ids';

describe('request ids', () => {
  it('are 32 lowercase hex digits, a new one each time, valid as a trace id', () => {
    // More than one pool of random bytes (4 KiB: 256 ids), so a refill is crossed.
    const ids = Array.from({ length: 600 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 5)) expect(traceIdOf(`00-${id}-00f067aa0ba902b7-01`)).toBe(id);
  });

  it('continue the trace upstream with a new parent id per call', () => {
    const id = newRequestId();
    const parents = Array.from({ length: 600 }, () => {
      const traceparent = traceparentFor(id)!;
      expect(traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      expect(traceIdOf(traceparent)).toBe(id);
      return traceparent.split('-')[2];
    });
    expect(new Set(parents).size).toBe(parents.length);
    expect(traceparentFor('not-a-trace-id')).toBeUndefined();
  });
});

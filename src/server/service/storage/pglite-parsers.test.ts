/**
 * Drizzle's queries read the same values with the parsers kept on the client as with its own passed on every query,
 * in and out of transactions; other parsers a caller passes still apply.
 */
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTextParsers, keepTimesAsText } from './pglite-parsers';

const ROW = sql`SELECT TIMESTAMPTZ '2026-01-02 03:04:05.123456+00' AS at, TIMESTAMP '2026-01-02 03:04:05' AS local,
  DATE '2026-01-02' AS day, INTERVAL '1 day 2 hours' AS span, ARRAY[TIMESTAMPTZ '2026-01-02 00:00:00+00'] AS ats,
  ARRAY[1.5, 2]::numeric[] AS amounts, 7::int AS n, '{"a":1}'::json AS doc`;

let plain: PGlite;
let kept: PGlite;

beforeAll(async () => {
  plain = new PGlite();
  kept = new PGlite();
  await Promise.all([plain.waitReady, kept.waitReady]);
  keepTimesAsText(kept);
});
afterAll(async () => {
  await plain?.close();
  await kept?.close();
});

describe('PGlite parsers kept on the client', () => {
  it('reads every type as Drizzle did, outside and inside a transaction', async () => {
    const expected = (await drizzle(plain).execute(ROW)).rows;
    expect(expected[0].at).toBe('2026-01-02 03:04:05.123456+00');
    expect((await drizzle(kept).execute(ROW)).rows).toEqual(expected);
    expect(await drizzle(kept).transaction(async (tx) => (await tx.execute(ROW)).rows)).toEqual(expected);
  });

  it('drops only Drizzle’s set: a caller’s own parsers still apply', async () => {
    const result = await kept.query<{ n: string }>('SELECT 7::int AS n', [], {
      parsers: { [types.INT4]: (value) => `int ${value}` },
    });
    expect(result.rows[0].n).toBe('int 7');
    const timestamp = await kept.query<{ at: unknown }>("SELECT TIMESTAMPTZ '2026-01-02 00:00:00+00' AS at", [], {
      parsers: { [types.TIMESTAMPTZ]: (value) => `at ${value}` },
    });
    expect(timestamp.rows[0].at).toBe('at 2026-01-02 00:00:00+00');
  });

  it('recognizes Drizzle’s set by its types and identity parsers, nothing else', () => {
    const drizzles = Object.fromEntries(
      [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((type) => [
        type,
        (value: string) => value,
      ]),
    );
    expect(isTextParsers(drizzles)).toBe(true);
    expect(isTextParsers({ ...drizzles, [types.INT4]: (value: string) => value })).toBe(false);
    expect(isTextParsers({ ...drizzles, [types.DATE]: (value: string) => new Date(value) })).toBe(false);
    expect(isTextParsers(undefined)).toBe(false);
  });
});

/** The write epoch moves on every kind of write PGlite sees, and the read-through cache never keeps a stale read. */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countWrites, mayWrite, ReadThroughCache, type WriteEpoch } from './write-epoch';

let client: PGlite;
let epoch: WriteEpoch;

beforeAll(async () => {
  client = new PGlite();
  epoch = countWrites(client);
  await client.exec('CREATE TABLE t (id int PRIMARY KEY, v text); CREATE SEQUENCE s');
});
afterAll(() => client?.close());

async function moves(write: () => Promise<unknown>): Promise<boolean> {
  const before = epoch.value;
  await write();
  return epoch.value !== before;
}

describe('write epoch', () => {
  it('moves on inserts, updates, deletes, DDL and transactions; not on plain reads', async () => {
    const db = drizzle(client);
    expect(await moves(() => client.query('INSERT INTO t VALUES (1, $1)', ['a']))).toBe(true);
    expect(await moves(() => db.execute(sql`UPDATE t SET v = 'b' WHERE id = 1`))).toBe(true);
    expect(await moves(() => client.transaction((tx) => tx.query('SELECT 1')))).toBe(true);
    expect(await moves(() => db.transaction((tx) => tx.execute(sql`INSERT INTO t VALUES (2, 'c')`)))).toBe(true);
    expect(await moves(() => client.exec('ANALYZE'))).toBe(true);
    expect(await moves(() => client.query('DELETE FROM t WHERE id = 2'))).toBe(true);
    expect(await moves(() => client.query('SELECT v FROM t WHERE id = $1', [1]))).toBe(false);
    expect(await moves(() => db.execute(sql`select count(*) from t`))).toBe(false);
  });

  it('moves even when the write fails', async () => {
    expect(await moves(() => client.query('INSERT INTO t VALUES (1, $1)', ['dup']).catch(() => undefined))).toBe(true);
  });

  it('counts a SELECT that writes or locks', () => {
    expect(mayWrite("SELECT nextval('s')")).toBe(true);
    expect(mayWrite('select * from t for update')).toBe(true);
    expect(mayWrite('SELECT * FROM t FOR SHARE')).toBe(true);
    expect(mayWrite("select set_config('a.b', '1', false)")).toBe(true);
    expect(mayWrite('WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x')).toBe(true);
    expect(mayWrite('  select "updated_time" from t')).toBe(false);
    expect(mayWrite("COPY (SELECT v FROM t WHERE id = '1') TO '/dev/blob' WITH (FORMAT binary)")).toBe(false);
    expect(mayWrite("COPY t FROM '/dev/blob'")).toBe(true);
    expect(mayWrite("COPY (SELECT nextval('s')) TO '/dev/blob'")).toBe(true);
  });
});

describe('read-through cache', () => {
  it('serves a value until the next write, then misses', async () => {
    const cache = new ReadThroughCache<{ v: string }>(epoch, { maxEntries: 10 });
    cache.keep(cache.begin(), 'k', { v: 'a' });
    expect(cache.get('k')).toEqual({ v: 'a' });
    await client.query("UPDATE t SET v = 'z' WHERE id = 1");
    expect(cache.get('k')).toBeUndefined();
  });

  it('does not keep a read that a write overlapped', async () => {
    const cache = new ReadThroughCache<{ v: string }>(epoch, { maxEntries: 10 });
    const started = cache.begin();
    const read = client.query<{ v: string }>('SELECT v FROM t WHERE id = 1');
    await client.query("UPDATE t SET v = 'y' WHERE id = 1");
    cache.keep(started, 'k', (await read).rows[0]!);
    expect(cache.get('k')).toBeUndefined();
  });
});

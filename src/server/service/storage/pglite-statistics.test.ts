import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepStatisticsFresh, type StatisticsKeeper } from './pglite-statistics';

const DEEP_PAGE = 'EXPLAIN SELECT * FROM items WHERE org = 1 AND seq > 5000 ORDER BY seq LIMIT 51';
let client: PGlite | undefined;
let keeper: StatisticsKeeper | undefined;

afterEach(async () => {
  await keeper?.stop();
  await client?.close();
});

async function plan(db: PGlite) {
  return (await db.query<{ 'QUERY PLAN': string }>(DEEP_PAGE)).rows.map((r) => r['QUERY PLAN']).join('\n');
}

describe('keepStatisticsFresh (PGlite has no autovacuum)', () => {
  it('analyzes after enough writes, so a deep keyset page is an index scan, not a scan and sort of the rest', async () => {
    client = new PGlite();
    await client.exec(
      'CREATE TABLE items (org int, seq int, body text); CREATE INDEX items_org_seq ON items (org, seq);',
    );
    keeper = keepStatisticsFresh(client, { everyMs: 60_000 });
    await keeper.check(); // the check at start: statistics of an empty table
    await client.exec(`INSERT INTO items SELECT 1, n, repeat('x', 100) FROM generate_series(1, 10000) AS n`);
    // Without a new ANALYZE the planner still believes the table is empty and sorts every row after seq 5000.
    expect(await plan(client)).toMatch(/Sort/);
    await keeper.check();
    const fresh = await plan(client);
    expect(fresh).toMatch(/Index Scan using items_org_seq/);
    expect(fresh).not.toMatch(/Sort/);
  });

  it('does not analyze again when little was written', async () => {
    client = new PGlite();
    await client.exec('CREATE TABLE items (org int, seq int, body text)');
    keeper = keepStatisticsFresh(client, { everyMs: 60_000 });
    await keeper.check();
    await client.exec(`INSERT INTO items VALUES (1, 1, 'a')`);
    await keeper.check();
    const analyzed = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_statistic s JOIN pg_class c ON c.oid = s.starelid WHERE c.relname = 'items'`,
    );
    // One row changed is below autovacuum's rule (50 + 10 % of the rows): items still has no statistics rows.
    expect(analyzed.rows[0].count).toBe(0);
  });

  it('analyzes the changed tables one at a time, each only once the service gives way', async () => {
    client = new PGlite();
    const db = client;
    await db.exec('CREATE TABLE a (n int); CREATE TABLE b (n int); CREATE TABLE quiet (n int);');
    const analyzed = async () =>
      (
        await db.query<{ relname: string }>(
          'SELECT relname FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL ORDER BY relname',
        )
      ).rows.map((row) => row.relname);
    let allow!: () => void;
    const turns: string[][] = [];
    keeper = keepStatisticsFresh(db, {
      everyMs: 60_000,
      giveWay: async () => {
        turns.push(await analyzed());
        await new Promise<void>((resolve) => (allow = resolve));
      },
    });
    await keeper.check();
    await db.exec(`INSERT INTO a SELECT generate_series(1, 1000); INSERT INTO b SELECT generate_series(1, 500);`);
    await db.exec('INSERT INTO quiet VALUES (1)');
    const checked = keeper.check();
    await vi.waitFor(() => expect(turns).toHaveLength(1));
    expect(turns[0]).toEqual([]); // nothing analyzed before the first turn was given
    allow();
    await vi.waitFor(() => expect(turns).toHaveLength(2));
    expect(turns[1]).toEqual(['a']); // the most changed table first, then wait again
    allow();
    await checked;
    expect(await analyzed()).toEqual(['a', 'b']); // `quiet` had one row changed: not due
  });

  it('stops at once while a table waits for its turn, analyzing nothing more', async () => {
    client = new PGlite();
    const db = client;
    await db.exec('CREATE TABLE a (n int)');
    let asked = 0;
    keeper = keepStatisticsFresh(db, {
      everyMs: 60_000,
      giveWay: () => {
        asked += 1;
        return new Promise(() => undefined); // the service never pauses
      },
    });
    await keeper.check();
    await db.exec('INSERT INTO a SELECT generate_series(1, 1000)');
    void keeper.check();
    await vi.waitFor(() => expect(asked).toBe(1));
    await keeper.stop();
    keeper = undefined;
    const analyzed = await db.query('SELECT 1 FROM pg_stat_user_tables WHERE last_analyze IS NOT NULL');
    expect(analyzed.rows).toHaveLength(0);
  });
});

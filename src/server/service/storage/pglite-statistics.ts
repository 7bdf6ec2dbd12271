/**
 * PGlite runs no autovacuum, so without help the planner keeps the statistics of a table's first rows forever and
 * picks plans that read the whole table: a deep list page over 10,000 documents took 20 ms (bitmap scan + sort of
 * every later row) instead of 0.4 ms (index scan). This plays autovacuum's "analyze" part: at start and then every
 * `everyMs`, it runs ANALYZE when the write-ahead log has grown by `walBytes` since the last one (a cheap proxy for
 * "enough rows changed"; no per-table counters exist in PGlite).
 */
import type { PGlite } from '@electric-sql/pglite';

export interface StatisticsKeeper {
  /** Checks now (and analyzes if due); resolves when done. */
  check(): Promise<void>;
  /** No more checks; resolves when a running ANALYZE has finished (so the database can be closed). */
  stop(): Promise<void>;
}

const parseLsn = (lsn: string) => {
  const [high, low] = lsn.split('/');
  return BigInt(`0x${high}`) * 2n ** 32n + BigInt(`0x${low}`);
};

export function keepStatisticsFresh(
  client: PGlite,
  { everyMs = 30_000, walBytes = 512 * 1024 } = {},
): StatisticsKeeper {
  let analyzedAt: bigint | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const walPosition = async () =>
    parseLsn((await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0].lsn);

  const run = async () => {
    const now = await walPosition();
    if (analyzedAt !== undefined && now - analyzedAt < BigInt(walBytes)) return;
    await client.exec('ANALYZE');
    analyzedAt = await walPosition(); // ANALYZE writes to the log itself
  };
  const check = () => {
    if (stopped) return Promise.resolve();
    // A closed database between two checks is not an error worth reporting: the next start analyzes again.
    running ??= run()
      .catch(() => undefined)
      .finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  void check();
  return {
    check,
    stop: () => {
      stopped = true;
      clearInterval(timer);
      return running ?? Promise.resolve();
    },
  };
}

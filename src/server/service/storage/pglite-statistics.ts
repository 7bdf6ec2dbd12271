/**
 * PGlite runs no autovacuum, so without help the planner keeps the statistics of a table's first rows forever and
 * picks plans that read the whole table: a deep list page over 10,000 documents took 20 ms (bitmap scan + sort of
 * every later row) instead of 0.4 ms (index scan). This plays autovacuum's "analyze" part, by its rule: at start and
 * then every `everyMs`, each table with more than 50 + 10 % of its rows changed since its last ANALYZE is analyzed.
 *
 * One table at a time, each after `giveWay` (the service waits for a pause in its requests): on PGlite every statement
 * runs on the thread that answers the API, and one ANALYZE of the whole database took 0.4–1.1 s with 2,000 uploaded
 * files, stalling every request behind it.
 */
import type { PGlite } from '@electric-sql/pglite';

export interface StatisticsKeeper {
  /** Checks now (and analyzes the tables that are due); resolves when done. */
  check(): Promise<void>;
  /** No more checks; resolves when a running ANALYZE has finished (so the database can be closed). */
  stop(): Promise<void>;
}

export interface StatisticsOptions {
  everyMs?: number;
  /** Resolves when the next table may be analyzed. */
  giveWay?: () => Promise<void>;
}

// Statistics are flushed to pg_stat_user_tables at most once a second; the flush is forced first so counts are current.
const FORCE_FLUSH = 'SELECT pg_stat_force_next_flush()';
const DUE_TABLES = `
  SELECT format('%I.%I', schemaname, relname) AS name
    FROM pg_stat_user_tables
   WHERE n_mod_since_analyze > 50 + 0.1 * n_live_tup
   ORDER BY n_mod_since_analyze DESC`;

export function keepStatisticsFresh(
  client: PGlite,
  { everyMs = 30_000, giveWay = () => Promise.resolve() }: StatisticsOptions = {},
): StatisticsKeeper {
  let running: Promise<void> | undefined;
  let stopped = false;
  // Stopping does not wait for a pause in the requests: a waiting table is simply left for the next start.
  let onStop!: () => void;
  const stopping = new Promise<void>((resolve) => (onStop = resolve));

  const run = async () => {
    await client.query(FORCE_FLUSH);
    const due = await client.query<{ name: string }>(DUE_TABLES);
    for (const { name } of due.rows) {
      await Promise.race([giveWay(), stopping]);
      if (stopped) return;
      await client.exec(`ANALYZE ${name}`);
    }
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
      onStop();
      clearInterval(timer);
      return running ?? Promise.resolve();
    },
  };
}

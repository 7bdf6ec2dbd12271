/**
 * Counts the writes of the embedded PGlite database so the cached callers of auth/authenticate.ts can tell whether
 * what they hold is still what the database would answer, and skip the authentication query. Only for PGlite: one
 * process owns its files, so every write of any code path passes through this client. PostgreSQL may be shared by
 * several instances, whose writes no process sees; there every request runs the query (the read cache relies on the
 * data versions it returns, which the database itself keeps: migration 0010).
 *
 * The epoch moves when a write settles — after its commit, before the caller continues, so before any answer that
 * acknowledges it is sent. A cache entry is only kept when the epoch did not move while it was being read, and only
 * served while the epoch has not moved since: nothing served after an acknowledged write
 * predates it. Errs towards moving: any statement that is not a plain SELECT, and every transaction, counts.
 */
import type { PGlite } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

export interface WriteEpoch {
  /** Moves on every settled write; compare two readings, never do arithmetic on it. */
  readonly value: number;
}

/**
 * A SELECT, or a COPY of one (always TO: a file download reads its bytes that way), that calls nothing known to
 * write (sequences, settings, notifications) and takes no row lock.
 */
const READ_ONLY = /^\s*(select\b|copy\s*\(\s*select\b)/i;
const WRITES_ANYWAY = /\b(insert|update|delete|nextval|setval|set_config|pg_notify|for\s+share)\b/i;

export function mayWrite(statement: string): boolean {
  return !READ_ONLY.test(statement) || WRITES_ANYWAY.test(statement);
}

export function countWrites(client: PGlite): WriteEpoch {
  const epoch = { value: 0 };
  const counted = async <R>(run: () => Promise<R>): Promise<R> => {
    try {
      return await run();
    } finally {
      epoch.value++;
    }
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((statement, ...rest) =>
    mayWrite(statement) ? counted(() => query(statement, ...rest)) : query(statement, ...rest)) as PGlite['query'];
  client.exec = ((statement, ...rest) =>
    mayWrite(statement) ? counted(() => exec(statement, ...rest)) : exec(statement, ...rest)) as PGlite['exec'];
  // A transaction's own statements run on its handle, not on the client: the transaction as a whole counts.
  client.transaction = ((work) => counted(() => transaction(work))) as PGlite['transaction'];
  return epoch;
}

/**
 * An LRU of values read from the database, each kept with the epoch it was read at and served only while no write
 * has settled since. `started` is the epoch taken before the read began: a value is kept only if it is still current
 * when stored, so a read that overlapped a write never lands.
 */
export class ReadThroughCache<V extends object> {
  private readonly entries: LRUCache<string, { epoch: number; value: V }>;

  constructor(
    private readonly epoch: WriteEpoch,
    limits: { maxEntries: number },
  ) {
    this.entries = new LRUCache({ max: limits.maxEntries });
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry && entry.epoch === this.epoch.value ? entry.value : undefined;
  }

  /** The epoch to pass to `keep` once the read is done. */
  begin(): number {
    return this.epoch.value;
  }

  keep(started: number, key: string, value: V): void {
    if (started === this.epoch.value) this.entries.set(key, { epoch: started, value });
  }
}

/**
 * The sign-in limit in PostgreSQL: one count per IP and per name across every BFF instance, with the rules of
 * login-rate-limit.ts. Checking the counts and adding the attempt happen in one transaction holding an advisory lock
 * per key, so attempts sent at once to different instances see each other and five guesses stay five.
 */
import {
  attemptKeys,
  secondsUntilAllowed,
  type LoginRateLimit,
  type LoginRateLimitOptions,
  type SignInAttempt,
} from '@/server/bff/sessions/login-rate-limit';
import type { BffDatabase } from './bff-database';

/** The first key of the two-key advisory locks taken here: keeps them apart from anyone else's. */
const LOCK_SPACE = 0x0d95_b1ff;
/** Failures past the window are deleted for the keys at hand on every attempt, and for all keys this often. */
const PRUNE_ALL_EVERY_MS = 60_000;

export class PgLoginRateLimit implements LoginRateLimit {
  private lastPrunedAt = 0;

  constructor(
    private readonly db: BffDatabase,
    private readonly options: LoginRateLimitOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async begin(ip: string, name: string): Promise<SignInAttempt> {
    const keys = attemptKeys(ip, name, this.options);
    const [[ipKey], [nameKey]] = keys;
    const now = this.now();
    const cutoff = now - this.options.windowMs;
    await this.pruneAll(cutoff);
    const outcome = await this.db.transaction(async (client) => {
      // Locks in one order (ip: before name:) so two attempts never wait on each other's second lock.
      for (const key of keys.map(([k]) => k).sort()) {
        await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [LOCK_SPACE, key]);
      }
      const names = keys.map(([k]) => k);
      await client.query('DELETE FROM sign_in_failures WHERE key = ANY($1) AND at_ms <= $2', [names, cutoff]);
      const { rows } = await client.query<{ key: string; at_ms: string }>(
        'SELECT key, at_ms FROM sign_in_failures WHERE key = ANY($1) ORDER BY at_ms, id',
        [names],
      );
      let wait = 0;
      for (const [key, max] of keys) {
        const times = rows.filter((r) => r.key === key).map((r) => Number(r.at_ms));
        wait = Math.max(wait, secondsUntilAllowed(times, max, this.options.windowMs, now));
      }
      if (wait > 0) return { wait };
      const inserted = await client.query<{ id: string; key: string }>(
        'INSERT INTO sign_in_failures (key, at_ms) SELECT unnest($1::text[]), $2 RETURNING id, key',
        [names, now],
      );
      return { wait: 0, ipRow: inserted.rows.find((r) => r.key === ipKey)!.id };
    });
    if (outcome.wait > 0) return { wait: outcome.wait, succeeded: async () => {} };
    return {
      wait: 0,
      // Clears the name's count and takes this attempt off the IP's (the IP keeps its other failures).
      succeeded: async () => {
        await this.db.pool.query('DELETE FROM sign_in_failures WHERE key = $1 OR id = $2', [nameKey, outcome.ipRow]);
      },
    };
  }

  private async pruneAll(cutoff: number): Promise<void> {
    if (this.now() - this.lastPrunedAt < PRUNE_ALL_EVERY_MS) return;
    this.lastPrunedAt = this.now();
    // SKIP LOCKED: rows an attempt is deleting right now are left to it (no waiting on each other, no deadlock).
    await this.db.pool.query(
      `DELETE FROM sign_in_failures WHERE id IN
         (SELECT id FROM sign_in_failures WHERE at_ms <= $1 FOR UPDATE SKIP LOCKED)`,
      [cutoff],
    );
  }
}

/**
 * The sign-in limit in PostgreSQL: one count per IP and per name across every BFF instance, with the rules of
 * login-rate-limit.ts. Checking the counts and adding the attempt happen in one transaction holding an advisory lock
 * per key, so attempts sent at once to different instances see each other and five guesses stay five.
 */
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import {
  attemptKeys,
  secondsUntilAllowed,
  type LoginRateLimit,
  type LoginRateLimitOptions,
  type SignInAttempt,
} from '@/server/bff/sessions/login-rate-limit';
import type { BffDatabase } from './bff-database';
import { signInFailures as failures } from './bff-schema';

/** The first key of the two-key advisory locks taken here: keeps them apart from anyone else's. */
const LOCK_SPACE = 0x0d95_b1ff;
const PRUNE_ALL_EVERY_MS = 60_000;

export class PgLoginRateLimit implements LoginRateLimit {
  private lastPrunedAt = 0;

  constructor(
    private readonly database: BffDatabase,
    private readonly options: LoginRateLimitOptions,
  ) {}

  private get db() {
    return this.database.db;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async begin(ip: string, name: string): Promise<SignInAttempt> {
    const keys = attemptKeys(ip, name, this.options);
    const [[ipKey], [nameKey]] = keys;
    const now = this.now();
    const cutoff = now - this.options.windowMs;
    await this.pruneAll(cutoff);
    const outcome = await this.db.transaction(async (tx) => {
      // Locks in one order (ip: before name:) so two attempts never wait on each other's second lock.
      for (const key of keys.map(([k]) => k).sort()) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_SPACE}, hashtext(${key}))`);
      }
      const names = keys.map(([k]) => k);
      await tx.delete(failures).where(and(inArray(failures.key, names), lte(failures.atMs, cutoff)));
      const rows = await tx
        .select({ key: failures.key, atMs: failures.atMs })
        .from(failures)
        .where(inArray(failures.key, names))
        .orderBy(failures.atMs, failures.id);
      let wait = 0;
      for (const [key, max] of keys) {
        const times = rows.filter((r) => r.key === key).map((r) => r.atMs);
        wait = Math.max(wait, secondsUntilAllowed(times, max, this.options.windowMs, now));
      }
      if (wait > 0) return { wait };
      const inserted = await tx
        .insert(failures)
        .values(names.map((key) => ({ key, atMs: now })))
        .returning({ id: failures.id, key: failures.key });
      return { wait: 0, ipRow: inserted.find((r) => r.key === ipKey)!.id };
    });
    if (outcome.wait > 0) return { wait: outcome.wait, succeeded: async () => {} };
    return {
      wait: 0,
      succeeded: async () => {
        await this.db.delete(failures).where(or(eq(failures.key, nameKey), eq(failures.id, outcome.ipRow!)));
      },
    };
  }

  private async pruneAll(cutoff: number): Promise<void> {
    if (this.now() - this.lastPrunedAt < PRUNE_ALL_EVERY_MS) return;
    this.lastPrunedAt = this.now();
    // SKIP LOCKED: rows an attempt is deleting right now are left to it (no waiting on each other, no deadlock).
    const stale = this.db
      .select({ id: failures.id })
      .from(failures)
      .where(lte(failures.atMs, cutoff))
      .for('update', { skipLocked: true });
    await this.db.delete(failures).where(inArray(failures.id, stale));
  }
}

/**
 * Organization usage counters, written in the same transaction as the resource they count.
 *
 *   await ctx.store.transaction(async (tx) => {
 *     await bumpCounter(tx, orgId, 'numberOfUsersCreated', 1);   // 429 "Limit Exceeded" when over numberOfUsersAllowed
 *     await usersRepo.create(tx, orgId, user);
 *   });
 *   // on delete of a counted resource: bumpCounter(tx, orgId, 'numberOfUsersCreated', -1) (never below 0)
 *
 * `numberOf…Created` is the current count (create +1, delete −1). `monthlyNumberOf…Created` counts creations in
 * the current UTC month and is not decremented; the first write of a new month resets every monthly counter.
 * A missing `…Allowed` means unlimited.
 */
import { and, eq } from 'drizzle-orm';
import type { MonthlyCounter, TotalCounter } from '@/contract';
import { limitExceeded, notFound } from '@/server/service/http-error';
import type { Executor, Tx } from './database';
import { organizations } from './schema';

export type CreatedCounter = `numberOf${TotalCounter}Created` | `monthlyNumberOf${MonthlyCounter}Created`;

export function currentUsageMonth(date = new Date()): string {
  return date.toISOString().slice(0, 7);
}

/** Counters of a month that has passed are reset: monthly `…Created`/`…Used` go to 0, quotas stay. */
export function rollMonth(
  counters: Record<string, number>,
  storedMonth: string,
  month = currentUsageMonth(),
): Record<string, number> {
  if (storedMonth === month) return counters;
  return Object.fromEntries(
    Object.entries(counters).map(([k, v]) => [k, k.startsWith('monthly') && /(Created|Used)$/.test(k) ? 0 : v]),
  );
}

export async function bumpCounter(
  db: Executor,
  organizationId: string,
  counter: CreatedCounter,
  delta: number,
): Promise<Record<string, number>> {
  const run = async (tx: Tx) => {
    const where = and(eq(organizations.organizationId, organizationId), eq(organizations.id, organizationId));
    const [row] = await tx
      .select({ counters: organizations.counters, usageMonth: organizations.usageMonth })
      .from(organizations)
      .where(where)
      .for('update');
    if (!row) throw notFound(`Organization ${organizationId} not found`);
    const month = currentUsageMonth();
    const counters = { ...rollMonth(row.counters, row.usageMonth, month) };
    const next = (counters[counter] ?? 0) + delta;
    const allowed = counters[counter.replace(/Created$/, 'Allowed')];
    if (delta > 0 && typeof allowed === 'number' && next > allowed) throw limitExceeded();
    counters[counter] = Math.max(0, next);
    await tx.update(organizations).set({ counters, usageMonth: month }).where(where);
    return counters;
  };
  return db.transaction(run as never) as Promise<Record<string, number>>;
}

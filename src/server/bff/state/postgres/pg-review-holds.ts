/**
 * Review holds in PostgreSQL (see review/review-hold-store.ts). Every deciding change is one statement: a claim is an
 * insert that does nothing when the run is held, a keep-alive an update on the holder's row, an end a
 * `DELETE … RETURNING` (with the expiry's condition in its WHERE), so of instances racing, exactly one wins.
 */
import { and, asc, eq, lt } from 'drizzle-orm';
import type { ReviewHoldStore, StoredReviewHold } from '@/server/bff/review/review-hold-store';
import type { BffDatabase } from './bff-database';
import { reviewHolds } from './bff-schema';

type Row = typeof reviewHolds.$inferSelect;

const toHold = (row: Row): StoredReviewHold => ({
  runId: row.runId,
  agentId: row.agentId,
  validationId: row.validationId,
  taskId: row.taskId,
  documentId: row.documentId,
  holderAccountId: row.holderAccountId,
  holderName: row.holderName,
  since: row.sinceMs,
  keptAliveAt: row.keptAliveMs,
});

export class PgReviewHolds implements ReviewHoldStore {
  constructor(private readonly database: BffDatabase) {}

  async claim(hold: StoredReviewHold): Promise<boolean> {
    const inserted = await this.database.db
      .insert(reviewHolds)
      .values({
        runId: hold.runId,
        agentId: hold.agentId,
        validationId: hold.validationId,
        taskId: hold.taskId,
        documentId: hold.documentId,
        holderAccountId: hold.holderAccountId,
        holderName: hold.holderName,
        sinceMs: hold.since,
        keptAliveMs: hold.keptAliveAt,
      })
      .onConflictDoNothing()
      .returning({ runId: reviewHolds.runId });
    return inserted.length === 1;
  }

  async get(runId: string): Promise<StoredReviewHold | undefined> {
    const [row] = await this.database.db.select().from(reviewHolds).where(eq(reviewHolds.runId, runId));
    return row ? toHold(row) : undefined;
  }

  async byTask(taskId: string): Promise<StoredReviewHold | undefined> {
    const [row] = await this.database.db.select().from(reviewHolds).where(eq(reviewHolds.taskId, taskId));
    return row ? toHold(row) : undefined;
  }

  async list(agentId?: string): Promise<StoredReviewHold[]> {
    const rows = await this.database.db
      .select()
      .from(reviewHolds)
      .where(agentId === undefined ? undefined : eq(reviewHolds.agentId, agentId))
      .orderBy(asc(reviewHolds.sinceMs), asc(reviewHolds.runId));
    return rows.map(toHold);
  }

  async keepAlive(runId: string, holderAccountId: string, at: number): Promise<StoredReviewHold | undefined> {
    const [row] = await this.database.db
      .update(reviewHolds)
      .set({ keptAliveMs: at })
      .where(and(eq(reviewHolds.runId, runId), eq(reviewHolds.holderAccountId, holderAccountId)))
      .returning();
    return row ? toHold(row) : undefined;
  }

  async transfer(runId: string, holder: { accountId: string; name: string }, at: number) {
    const [row] = await this.database.db
      .update(reviewHolds)
      .set({ holderAccountId: holder.accountId, holderName: holder.name, sinceMs: at, keptAliveMs: at })
      .where(eq(reviewHolds.runId, runId))
      .returning();
    return row ? toHold(row) : undefined;
  }

  async remove(runId: string, condition?: { keptAliveBefore: number }): Promise<StoredReviewHold | undefined> {
    const where = condition
      ? and(eq(reviewHolds.runId, runId), lt(reviewHolds.keptAliveMs, condition.keptAliveBefore))
      : eq(reviewHolds.runId, runId);
    const [row] = await this.database.db.delete(reviewHolds).where(where).returning();
    return row ? toHold(row) : undefined;
  }
}

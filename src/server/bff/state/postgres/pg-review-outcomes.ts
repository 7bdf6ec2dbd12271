/** Review outcomes in PostgreSQL (see review/review-outcome-store.ts): inserted once each, read by agent and time. */
import { and, asc, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type {
  ReviewOutcomeQuery,
  ReviewOutcomeStore,
  StoredReviewOutcome,
} from '@/server/bff/review/review-outcome-store';
import type { BffDatabase } from './bff-database';
import { reviewOutcomes } from './bff-schema';

export class PgReviewOutcomes implements ReviewOutcomeStore {
  constructor(private readonly database: BffDatabase) {}

  async record(outcome: StoredReviewOutcome): Promise<void> {
    await this.database.db.insert(reviewOutcomes).values({
      runId: outcome.runId,
      agentId: outcome.agentId,
      taskId: outcome.taskId,
      reviewerAccountId: outcome.reviewerAccountId,
      reviewerName: outcome.reviewerName,
      outcome: outcome.outcome,
      sinceMs: outcome.since,
      endedMs: outcome.endedAt,
      correctedLabels: outcome.correctedLabels,
    });
  }

  async list(query: ReviewOutcomeQuery): Promise<StoredReviewOutcome[]> {
    if (query.agentIds?.length === 0) return [];
    const conditions: SQL[] = [];
    if (query.agentIds) conditions.push(inArray(reviewOutcomes.agentId, [...query.agentIds]));
    if (query.after !== undefined) conditions.push(gte(reviewOutcomes.endedMs, query.after));
    if (query.before !== undefined) conditions.push(lt(reviewOutcomes.endedMs, query.before));
    const rows = await this.database.db
      .select()
      .from(reviewOutcomes)
      .where(and(...conditions))
      .orderBy(asc(reviewOutcomes.endedMs), asc(reviewOutcomes.id));
    return rows.map((row) => ({
      runId: row.runId,
      agentId: row.agentId,
      taskId: row.taskId,
      reviewerAccountId: row.reviewerAccountId,
      reviewerName: row.reviewerName,
      outcome: row.outcome,
      since: row.sinceMs,
      endedAt: row.endedMs,
      correctedLabels: row.correctedLabels,
    }));
  }
}

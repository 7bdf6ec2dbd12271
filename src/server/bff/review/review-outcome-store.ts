/**
 * Review outcomes (issue 36, the team in Insights): one record per review hold that ended with its task finished —
 * who reviewed which run, confirmed or rejected, from when they took it to when it ended, and which fields they
 * corrected. The interface every store implements (here, and PgReviewOutcomes in PostgreSQL), and the default store:
 * JSON lines appended to `<data>/bff/review-outcomes.jsonl` (O_APPEND, one write per line, like the audit log, so
 * several instances can share the file).
 */
import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { bffDir, ensureDir } from '@/server/bff/foundation/data-files';

export type ReviewOutcomeKind = 'reviewed' | 'rejected';

export interface StoredReviewOutcome {
  runId: string;
  agentId: string;
  taskId: string;
  reviewerAccountId: string;
  reviewerName: string;
  outcome: ReviewOutcomeKind;
  /** When the hold was taken and when it ended (epoch ms, the BFF's clock). */
  since: number;
  endedAt: number;
  /** The labels whose confirmed values differ from the predicted ones; null when the task holds no ground truth. */
  correctedLabels: string[] | null;
}

export interface ReviewOutcomeQuery {
  /** Only these agents' outcomes (undefined: every agent). */
  agentIds?: readonly string[];
  /** Outcomes that ended at or after `after` and before `before` (epoch ms). */
  after?: number;
  before?: number;
}

export interface ReviewOutcomeStore {
  record(outcome: StoredReviewOutcome): Promise<void>;
  list(query: ReviewOutcomeQuery): Promise<StoredReviewOutcome[]>;
}

export function matchesOutcome(outcome: StoredReviewOutcome, query: ReviewOutcomeQuery): boolean {
  if (query.agentIds && !query.agentIds.includes(outcome.agentId)) return false;
  if (query.after !== undefined && outcome.endedAt < query.after) return false;
  return query.before === undefined || outcome.endedAt < query.before;
}

export class FileReviewOutcomes implements ReviewOutcomeStore {
  private readonly dir: string;
  private readonly path: string;
  private ready: Promise<void> | undefined;

  constructor(dataDir: string) {
    this.dir = bffDir(dataDir);
    this.path = join(this.dir, 'review-outcomes.jsonl');
  }

  async record(outcome: StoredReviewOutcome): Promise<void> {
    this.ready ??= ensureDir(this.dir);
    await this.ready;
    await appendFile(this.path, `${JSON.stringify(outcome)}\n`, { mode: 0o600, flag: 'a' });
  }

  /** Reads the whole file: a team's outcomes are a few thousand short lines a month (PostgreSQL for more). */
  async list(query: ReviewOutcomeQuery): Promise<StoredReviewOutcome[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const outcomes: StoredReviewOutcome[] = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      let outcome: StoredReviewOutcome;
      try {
        outcome = JSON.parse(line) as StoredReviewOutcome;
      } catch {
        continue; // a line cut short by a crash mid-write
      }
      if (matchesOutcome(outcome, query)) outcomes.push(outcome);
    }
    return outcomes;
  }
}

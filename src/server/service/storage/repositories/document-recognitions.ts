/**
 * Recognition state of documents (migrations 0006, 0012): requested on upload, recognised in turns of one page —
 * each turn a claim by one service instance under a lease, the organization that waited longest first — and
 * finished as done or failed. Every write of a claimant names its claim token, so a document re-uploaded (or
 * deleted) meanwhile is never overwritten with words of its old file.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { nowTimestamp } from '@/contract';
import type { OcrPage, OcrStatus, OcrUnrecognisedPages } from '@/contract/ocr';
import { rows, type Executor } from '@/server/service/storage/database';

export const documentRecognitions = pgTable(
  'document_recognitions',
  {
    organizationId: text('organization_id').notNull(),
    documentId: text('document_id').notNull(),
    status: text('status').$type<OcrStatus>().notNull(),
    pages: jsonb('pages')
      .$type<OcrPage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    message: text('message'),
    claimToken: text('claim_token'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'string' }),
    updatedTime: timestamp('updated_time', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now()`),
    requestedTime: timestamp('requested_time', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`now()`),
    nextPage: integer('next_page').notNull().default(0),
    pageCount: integer('page_count'),
    unrecognisedPages: jsonb('unrecognised_pages')
      .$type<OcrUnrecognisedPages[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.documentId] })],
);

export type Recognition = {
  status: OcrStatus;
  pages: OcrPage[];
  message: string | null;
  updatedTime: string;
  pageCount: number | null;
  unrecognisedPages: OcrUnrecognisedPages[];
};
/**
 * One turn on a document: which page is next, its page count once known, and `request` — the upload it recognises
 * (a re-upload is another request), so the recogniser can keep the file open from one turn to the next.
 */
export type Claim = {
  organizationId: string;
  documentId: string;
  claimToken: string;
  request: string;
  nextPage: number;
  pageCount: number | null;
};

/** What one turn did: the page it recognised or could not, and where the document stands after it. */
export type Turn = {
  page?: OcrPage;
  /** Runs of pages found not recognised in this turn, in page order. */
  unrecognised: OcrUnrecognisedPages[];
  pageCount: number;
  nextPage: number;
  /** The last turn: the document is done. */
  done?: boolean;
};

const t = documentRecognitions;
const isDocument = (organizationId: string, documentId: string) =>
  and(eq(t.organizationId, organizationId), eq(t.documentId, documentId));
const isClaimed = (claim: Claim) =>
  and(isDocument(claim.organizationId, claim.documentId), eq(t.claimToken, claim.claimToken));

/** Appends a run of unrecognised pages to `runs`, or extends the last run when it ends just before, for one reason. */
const withRun = (runs: SQL, run: OcrUnrecognisedPages) => sql`CASE
  WHEN ${runs} -> -1 ->> 'reason' = ${run.reason} AND (${runs} -> -1 ->> 'last')::int = ${run.first - 1}
  THEN jsonb_set(${runs}, '{-1,last}', to_jsonb(${run.last}::int))
  ELSE ${runs} || ${JSON.stringify([run])}::jsonb END`;

export const recognitionsRepo = {
  async get(db: Executor, organizationId: string, documentId: string): Promise<Recognition | undefined> {
    const [row] = await db
      .select({
        status: t.status,
        pages: t.pages,
        message: t.message,
        updatedTime: t.updatedTime,
        pageCount: t.pageCount,
        unrecognisedPages: t.unrecognisedPages,
      })
      .from(t)
      .where(isDocument(organizationId, documentId))
      .limit(1);
    return row && { ...row, updatedTime: nowTimestamp(row.updatedTime) };
  },

  /** (Re)queues the document: its words so far are dropped and any running claim on it is void. */
  async request(db: Executor, organizationId: string, documentId: string): Promise<void> {
    const waiting = {
      status: 'pending' as const,
      pages: [],
      message: null,
      claimToken: null,
      leaseUntil: null,
      updatedTime: sql`now()`,
      requestedTime: sql`clock_timestamp()`,
      nextPage: 0,
      pageCount: null,
      unrecognisedPages: [],
    };
    await db
      .insert(t)
      .values({ organizationId, documentId, ...waiting })
      .onConflictDoUpdate({ target: [t.organizationId, t.documentId], set: waiting });
  },

  /** Documents waiting for recognition or being recognised, every organization's (the queue depth metric). */
  async countWaiting(db: Executor): Promise<number> {
    const [row] = await rows<{ waiting: number }>(
      db,
      sql`SELECT count(*)::int AS waiting FROM document_recognitions WHERE status IN ('pending', 'running')`,
    );
    return row?.waiting ?? 0;
  },

  /**
   * Claims one page's turn: of the documents waiting (pending, started and between turns, or under a lease that ran
   * out), the oldest request of the organization whose last turn is longest ago (one that never had a turn first).
   * The organization's turn is recorded in the same statement.
   */
  async claimNext(db: Executor, leaseSeconds: number): Promise<Claim | undefined> {
    const claimToken = randomBytes(16).toString('hex');
    const [claimed] = await rows<{
      organization_id: string;
      document_id: string;
      requested_time: string;
      next_page: number;
      page_count: number | null;
    }>(
      db,
      sql`
      WITH next AS (
        SELECT r.organization_id, r.document_id FROM document_recognitions r
        LEFT JOIN recognition_turns turn ON turn.organization_id = r.organization_id
        WHERE r.status = 'pending' OR (r.status = 'running' AND (r.lease_until IS NULL OR r.lease_until < now()))
        ORDER BY turn.last_turn_time NULLS FIRST, r.requested_time, r.document_id
        LIMIT 1 FOR UPDATE OF r SKIP LOCKED
      ), claimed AS (
        UPDATE document_recognitions r SET status = 'running', claim_token = ${claimToken},
          lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_time = now()
        FROM next WHERE r.organization_id = next.organization_id AND r.document_id = next.document_id
        RETURNING r.organization_id, r.document_id, r.requested_time::text, r.next_page, r.page_count
      ), turn AS (
        INSERT INTO recognition_turns (organization_id, last_turn_time)
        SELECT organization_id, clock_timestamp() FROM claimed
        ON CONFLICT (organization_id) DO UPDATE SET last_turn_time = excluded.last_turn_time
      )
      SELECT * FROM claimed`,
    );
    return (
      claimed && {
        organizationId: claimed.organization_id,
        documentId: claimed.document_id,
        claimToken,
        request: `${claimed.document_id}@${claimed.requested_time}`,
        nextPage: claimed.next_page,
        pageCount: claimed.page_count,
      }
    );
  },

  /**
   * Stores what the turn did and lets go of the document (done, or waiting for its next turn); false when the claim
   * is void (the document was re-uploaded or deleted meanwhile).
   */
  async recordTurn(db: Executor, claim: Claim, turn: Turn): Promise<boolean> {
    const updated = await db
      .update(t)
      .set({
        ...(turn.page && { pages: sql`${t.pages} || ${JSON.stringify([turn.page])}::jsonb` }),
        ...(turn.unrecognised.length && {
          unrecognisedPages: turn.unrecognised.reduce(withRun, sql`${t.unrecognisedPages}`),
        }),
        ...(turn.done && { status: 'done' as const }),
        pageCount: turn.pageCount,
        nextPage: turn.nextPage,
        claimToken: null,
        leaseUntil: null,
        updatedTime: sql`now()`,
      })
      .where(isClaimed(claim))
      .returning({ status: t.status });
    return updated.length > 0;
  },

  /** Ends the document's recognition as failed (the pages recognised so far stay); false when the claim is void. */
  async fail(db: Executor, claim: Claim, message: string): Promise<boolean> {
    const updated = await db
      .update(t)
      .set({ status: 'failed', message, claimToken: null, leaseUntil: null, updatedTime: sql`now()` })
      .where(isClaimed(claim))
      .returning({ status: t.status });
    return updated.length > 0;
  },

  async delete(db: Executor, organizationId: string, documentId: string): Promise<void> {
    await db.delete(t).where(isDocument(organizationId, documentId));
  },
};

/**
 * Recognition state of documents (migration 0006): requested on upload, claimed by one service instance at a time
 * under a lease, filled page by page, finished as done or failed. Every write of a claimant names its claim token, so
 * a document re-uploaded (or deleted) meanwhile is never overwritten with words of its old file.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { nowTimestamp } from '../../../../contract';
import type { OcrPage, OcrStatus } from '../../../../contract/ocr';
import { rows, type Executor } from '../database';

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
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.documentId] })],
);

export type Recognition = { status: OcrStatus; pages: OcrPage[]; message: string | null; updatedTime: string };
export type Claim = { organizationId: string; documentId: string; claimToken: string };

const t = documentRecognitions;
const isDocument = (organizationId: string, documentId: string) =>
  and(eq(t.organizationId, organizationId), eq(t.documentId, documentId));

export const recognitionsRepo = {
  async get(db: Executor, organizationId: string, documentId: string): Promise<Recognition | undefined> {
    const [row] = await db
      .select({ status: t.status, pages: t.pages, message: t.message, updatedTime: t.updatedTime })
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
    };
    await db
      .insert(t)
      .values({ organizationId, documentId, ...waiting })
      .onConflictDoUpdate({ target: [t.organizationId, t.documentId], set: waiting });
  },

  /** Takes the longest-waiting document: pending, or running under a lease that ran out. */
  async claimNext(db: Executor, leaseSeconds: number): Promise<Claim | undefined> {
    const claimToken = randomBytes(16).toString('hex');
    const [claimed] = await rows<{ organization_id: string; document_id: string }>(
      db,
      sql`
      UPDATE document_recognitions SET status = 'running', claim_token = ${claimToken},
        lease_until = now() + make_interval(secs => ${leaseSeconds}), updated_time = now()
      WHERE (organization_id, document_id) = (
        SELECT organization_id, document_id FROM document_recognitions
        WHERE status = 'pending' OR (status = 'running' AND lease_until < now())
        ORDER BY updated_time LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING organization_id, document_id`,
    );
    return claimed && { organizationId: claimed.organization_id, documentId: claimed.document_id, claimToken };
  },

  /** Stores the pages so far and extends the lease; false when the claim is void (re-uploaded or deleted). */
  async progress(db: Executor, claim: Claim, pages: OcrPage[], leaseSeconds: number): Promise<boolean> {
    const updated = await db
      .update(t)
      .set({ pages, leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedTime: sql`now()` })
      .where(and(isDocument(claim.organizationId, claim.documentId), eq(t.claimToken, claim.claimToken)))
      .returning({ status: t.status });
    return updated.length > 0;
  },

  async finish(
    db: Executor,
    claim: Claim,
    outcome: { status: 'done' | 'failed'; pages: OcrPage[]; message: string | null },
  ): Promise<boolean> {
    const updated = await db
      .update(t)
      .set({ ...outcome, claimToken: null, leaseUntil: null, updatedTime: sql`now()` })
      .where(and(isDocument(claim.organizationId, claim.documentId), eq(t.claimToken, claim.claimToken)))
      .returning({ status: t.status });
    return updated.length > 0;
  },

  async delete(db: Executor, organizationId: string, documentId: string): Promise<void> {
    await db.delete(t).where(isDocument(organizationId, documentId));
  },
};

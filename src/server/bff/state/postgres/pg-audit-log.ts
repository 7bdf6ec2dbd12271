/**
 * The audit log in PostgreSQL, append-only: a row in `audit_entries` per write (just before it is forwarded, or
 * complete when the BFF answered it itself) and a row in `audit_outcomes` when a forwarded write's outcome is known.
 * Times come from the database server (one clock for every instance) at millisecond precision, so a page cursor
 * `<time>|<id>` names an entry exactly; pages run newest first by (time, id).
 */
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AuditOutcome } from '@/contract/bff-audit';
import type {
  AuditCompletion,
  AuditEntry,
  AuditLog,
  AuditPageResult,
  AuditQuery,
  AuditWrite,
} from '@/server/bff/audit/audit-log';
import type { BffDatabase } from './bff-database';
import { auditEntries as entries, auditOutcomes as outcomes } from './bff-schema';

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,18})$/;
const ID = /^\d{1,18}$/;
const NOW = sql<Date>`date_trunc('milliseconds', clock_timestamp())`;

interface EntryRow {
  id: number;
  time: Date;
  operator: string;
  method: string;
  path: string;
  forwarded: boolean;
  status: number | null;
  outcomeTime: Date | null;
  outcome: string | null;
  outcomeStatus: number | null;
  clientClosed: boolean | null;
  requestId: string | null;
  oidcIssuer: string | null;
  oidcSubject: string | null;
}

function entryOf(row: EntryRow): AuditEntry {
  const time = row.time.toISOString();
  const requestId = {
    ...(row.requestId === null ? {} : { requestId: row.requestId }),
    ...(row.oidcIssuer === null || row.oidcSubject === null
      ? {}
      : { issuer: row.oidcIssuer, subject: row.oidcSubject }),
  };
  if (!row.forwarded) {
    const common = { time, operator: row.operator, method: row.method, path: row.path, ...requestId };
    return { ...common, status: row.status, outcome: 'not-forwarded', clientClosed: false, completedTime: time };
  }
  return {
    time,
    operator: row.operator,
    method: row.method,
    path: row.path,
    status: row.outcomeStatus,
    outcome: (row.outcome as AuditOutcome | null) ?? 'pending',
    clientClosed: row.clientClosed ?? false,
    completedTime: row.outcomeTime?.toISOString() ?? null,
    ...requestId,
  };
}

/** A write's optional columns: its request id, and the person at the OpenID provider. */
function extra(write: AuditWrite) {
  return { requestId: write.requestId, oidcIssuer: write.issuer, oidcSubject: write.subject };
}

export class PgAuditLog implements AuditLog {
  constructor(private readonly database: BffDatabase) {}

  private get db() {
    return this.database.db;
  }

  isCursor(text: string): boolean {
    return CURSOR.test(text) && !Number.isNaN(Date.parse(text.split('|')[0]));
  }

  async append(entry: AuditWrite & { status: number }): Promise<void> {
    const { operator, method, path, status } = entry;
    await this.db
      .insert(entries)
      .values({ time: NOW, operator, method, path, forwarded: false, status, ...extra(entry) });
  }

  async forwarded(write: AuditWrite): Promise<string> {
    const { operator, method, path } = write;
    const [row] = await this.db
      .insert(entries)
      .values({ time: NOW, operator, method, path, forwarded: true, ...extra(write) })
      .returning({ id: entries.id });
    return String(row.id);
  }

  async completed(id: string, outcome: AuditCompletion): Promise<void> {
    if (!ID.test(id)) throw new Error('not an audit entry id');
    // The first outcome stands: a write has one.
    await this.db
      .insert(outcomes)
      .values({
        entryId: Number(id),
        time: NOW,
        outcome: outcome.outcome,
        status: outcome.status,
        clientClosed: outcome.clientClosed,
      })
      .onConflictDoNothing({ target: outcomes.entryId });
  }

  async page(query: AuditQuery): Promise<AuditPageResult> {
    const conditions: SQL[] = [];
    if (query.operator) conditions.push(eq(entries.operator, query.operator));
    if (query.method) conditions.push(eq(entries.method, query.method));
    if (query.path !== undefined) conditions.push(eq(entries.path, query.path));
    if (query.after !== undefined) conditions.push(gte(entries.time, new Date(query.after)));
    if (query.before !== undefined) conditions.push(lt(entries.time, new Date(query.before)));
    if (query.cursor) {
      const [, time, id] = CURSOR.exec(query.cursor) ?? [];
      if (!time) throw new Error('not an audit cursor');
      conditions.push(sql`(${entries.time}, ${entries.id}) < (${new Date(time)}, ${id})`);
    }
    const rows = await this.db
      .select({
        id: entries.id,
        time: entries.time,
        operator: entries.operator,
        method: entries.method,
        path: entries.path,
        forwarded: entries.forwarded,
        status: entries.status,
        outcomeTime: outcomes.time,
        outcome: outcomes.outcome,
        outcomeStatus: outcomes.status,
        clientClosed: outcomes.clientClosed,
        requestId: entries.requestId,
        oidcIssuer: entries.oidcIssuer,
        oidcSubject: entries.oidcSubject,
      })
      .from(entries)
      .leftJoin(outcomes, eq(outcomes.entryId, entries.id))
      .where(and(...conditions))
      .orderBy(desc(entries.time), desc(entries.id))
      .limit(query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      entries: page.map(entryOf),
      nextCursor: rows.length > query.limit && last ? `${last.time.toISOString()}|${last.id}` : null,
    };
  }
}

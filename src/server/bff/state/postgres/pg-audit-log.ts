/**
 * The audit log in PostgreSQL, append-only: a row in `audit_entries` per write (just before it is forwarded, or
 * complete when the BFF answered it itself) and a row in `audit_outcomes` when a forwarded write's outcome is known.
 * Times come from the database server (one clock for every instance) at millisecond precision, so a page cursor
 * `<time>|<id>` names an entry exactly; pages run newest first by (time, id).
 */
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

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,18})$/;
const ID = /^\d{1,18}$/;
/** The server's clock, cut to what a JavaScript Date (and so the cursor) holds. */
const NOW = `date_trunc('milliseconds', clock_timestamp())`;

interface EntryRow {
  id: string;
  time: Date;
  operator: string;
  method: string;
  path: string;
  forwarded: boolean;
  status: number | null;
  outcome_time: Date | null;
  outcome: AuditOutcome | null;
  outcome_status: number | null;
  client_closed: boolean | null;
}

function entryOf(row: EntryRow): AuditEntry {
  const time = row.time.toISOString();
  if (!row.forwarded) {
    const common = { time, operator: row.operator, method: row.method, path: row.path };
    return { ...common, status: row.status, outcome: 'not-forwarded', clientClosed: false, completedTime: time };
  }
  return {
    time,
    operator: row.operator,
    method: row.method,
    path: row.path,
    status: row.outcome_status,
    outcome: row.outcome ?? 'pending',
    clientClosed: row.client_closed ?? false,
    completedTime: row.outcome_time?.toISOString() ?? null,
  };
}

export class PgAuditLog implements AuditLog {
  constructor(private readonly db: BffDatabase) {}

  isCursor(text: string): boolean {
    return CURSOR.test(text) && !Number.isNaN(Date.parse(text.split('|')[0]));
  }

  async append(entry: AuditWrite & { status: number }): Promise<void> {
    await this.db.pool.query(
      `INSERT INTO audit_entries (time, operator, method, path, forwarded, status)
       VALUES (${NOW}, $1, $2, $3, false, $4)`,
      [entry.operator, entry.method, entry.path, entry.status],
    );
  }

  async forwarded(write: AuditWrite): Promise<string> {
    const { rows } = await this.db.pool.query<{ id: string }>(
      `INSERT INTO audit_entries (time, operator, method, path, forwarded)
       VALUES (${NOW}, $1, $2, $3, true) RETURNING id`,
      [write.operator, write.method, write.path],
    );
    return rows[0].id;
  }

  async completed(id: string, outcome: AuditCompletion): Promise<void> {
    if (!ID.test(id)) throw new Error('not an audit entry id');
    // The first outcome stands: a write has one.
    await this.db.pool.query(
      `INSERT INTO audit_outcomes (entry_id, time, outcome, status, client_closed)
       VALUES ($1, ${NOW}, $2, $3, $4) ON CONFLICT (entry_id) DO NOTHING`,
      [id, outcome.outcome, outcome.status, outcome.clientClosed],
    );
  }

  async page(query: AuditQuery): Promise<AuditPageResult> {
    const conditions: string[] = [];
    const params: unknown[] = [];
    const where = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      conditions.push(condition(`$${params.length}`));
    };
    if (query.operator) where((p) => `e.operator = ${p}`, query.operator);
    if (query.method) where((p) => `e.method = ${p}`, query.method);
    if (query.path !== undefined) where((p) => `e.path = ${p}`, query.path);
    if (query.after !== undefined) where((p) => `e.time >= ${p}`, new Date(query.after));
    if (query.before !== undefined) where((p) => `e.time < ${p}`, new Date(query.before));
    if (query.cursor) {
      const [, time, id] = CURSOR.exec(query.cursor) ?? [];
      if (!time) throw new Error('not an audit cursor');
      params.push(new Date(time), id);
      conditions.push(`(e.time, e.id) < ($${params.length - 1}, $${params.length})`);
    }
    params.push(query.limit + 1);
    const { rows } = await this.db.pool.query<EntryRow>(
      `SELECT e.*, o.time AS outcome_time, o.outcome, o.status AS outcome_status, o.client_closed
       FROM audit_entries e LEFT JOIN audit_outcomes o ON o.entry_id = e.id
       ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
       ORDER BY e.time DESC, e.id DESC LIMIT $${params.length}`,
      params,
    );
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      entries: page.map(entryOf),
      nextCursor: rows.length > query.limit && last ? `${last.time.toISOString()}|${last.id}` : null,
    };
  }
}

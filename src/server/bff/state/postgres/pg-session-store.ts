/**
 * Operator sessions in PostgreSQL, one row each, keyed by the SHA-256 of the session id. The same rules as the file
 * store (session-store.ts): idle and absolute lifetimes on the BFF's clock, last seen moved at most once a minute,
 * and ending a session deletes its row, which ends it on every instance on its very next request.
 */
import { SESSION_HANDLE_PATTERN } from '@/contract/operator-sessions';
import { CREDENTIAL_PATTERN, credentialFileName, randomCredential } from '@/server/bff/state/data-files';
import {
  sessionExpired,
  sessionHandle,
  touchInterval,
  type HandledSession,
  type Session,
  type SessionOwner,
  type SessionStore,
  type SessionStoreOptions,
} from '@/server/bff/sessions/session-store';
import type { BffDatabase } from './bff-database';

interface SessionRow {
  handle: string;
  operator_account: string;
  operator_name: string;
  operator_role: SessionOwner['role'];
  user_agent: string;
  address: string | null;
  created_ms: string;
  last_seen_ms: string;
}

function sessionOf(row: SessionRow): Session {
  return {
    operator: { accountId: row.operator_account, name: row.operator_name, role: row.operator_role },
    createdAt: Number(row.created_ms),
    lastSeenAt: Number(row.last_seen_ms),
    userAgent: row.user_agent,
    address: row.address,
  };
}

export class PgSessionStore implements SessionStore {
  constructor(
    private readonly db: BffDatabase,
    private readonly options: SessionStoreOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async create(operator: SessionOwner, userAgent: string, address?: string): Promise<{ id: string; session: Session }> {
    const id = randomCredential();
    const now = this.now();
    const { accountId, name, role } = operator;
    await this.db.pool.query(
      `INSERT INTO sessions
         (id_hash, handle, operator_account, operator_name, operator_role, user_agent, address, created_ms, last_seen_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [credentialFileName(id), sessionHandle(id), accountId, name, role, userAgent, address ?? null, now],
    );
    const session = { operator: { accountId, name, role }, createdAt: now, lastSeenAt: now, userAgent };
    return { id, session: { ...session, address: address ?? null } };
  }

  async get(id: string | undefined): Promise<Session | null> {
    if (!id || !CREDENTIAL_PATTERN.test(id)) return null;
    const idHash = credentialFileName(id);
    const { rows } = await this.db.pool.query<SessionRow>('SELECT * FROM sessions WHERE id_hash = $1', [idHash]);
    if (rows.length === 0) return null;
    const session = sessionOf(rows[0]);
    const now = this.now();
    if (sessionExpired(session, now, this.options)) {
      await this.db.pool.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
      return null;
    }
    if (now - session.lastSeenAt >= touchInterval(this.options)) {
      // No row to update: ended while this request was being let in. GREATEST: another instance may have moved it on.
      const touched = await this.db.pool.query(
        'UPDATE sessions SET last_seen_ms = GREATEST(last_seen_ms, $2) WHERE id_hash = $1',
        [idHash, now],
      );
      if (touched.rowCount === 0) return null;
      session.lastSeenAt = now;
    }
    return session;
  }

  handleOf(id: string | undefined): string | undefined {
    return sessionHandle(id);
  }

  async destroy(id: string | undefined): Promise<void> {
    if (id && CREDENTIAL_PATTERN.test(id)) {
      await this.db.pool.query('DELETE FROM sessions WHERE id_hash = $1', [credentialFileName(id)]);
    }
  }

  async list(): Promise<HandledSession[]> {
    await this.removeExpired();
    const { rows } = await this.db.pool.query<SessionRow>('SELECT * FROM sessions');
    const now = this.now();
    return rows
      .map((row) => ({ handle: row.handle, session: sessionOf(row) }))
      .filter(({ session }) => !sessionExpired(session, now, this.options));
  }

  async destroyHandle(handle: string): Promise<boolean> {
    if (!SESSION_HANDLE_PATTERN.test(handle)) return false;
    await this.removeExpired();
    return ((await this.db.pool.query('DELETE FROM sessions WHERE handle = $1', [handle])).rowCount ?? 0) > 0;
  }

  async destroyWhere(predicate: (session: Session, handle: string) => boolean): Promise<number> {
    const picked = (await this.list()).filter(({ handle, session }) => predicate(session, handle));
    if (picked.length === 0) return 0;
    const handles = picked.map((p) => p.handle);
    return (await this.db.pool.query('DELETE FROM sessions WHERE handle = ANY($1)', [handles])).rowCount ?? 0;
  }

  private async removeExpired(): Promise<void> {
    const now = this.now();
    await this.db.pool.query('DELETE FROM sessions WHERE created_ms <= $1 OR last_seen_ms <= $2', [
      now - this.options.absoluteMs,
      now - this.options.idleMs,
    ]);
  }
}

/**
 * Operator sessions in PostgreSQL, one row each, keyed by the SHA-256 of the session id. The same rules as the file
 * store (session-store.ts): idle and absolute lifetimes on the BFF's clock, last seen moved at most once a minute,
 * and ending a session deletes its row, which ends it on every instance on its very next request.
 */
import { eq, inArray, lte, or, sql } from 'drizzle-orm';
import { SESSION_HANDLE_PATTERN } from '@/contract/operator-sessions';
import { CREDENTIAL_PATTERN, credentialFileName, randomCredential } from '@/server/bff/foundation/data-files';
import {
  sessionExpired,
  sessionHandle,
  storedOwner,
  touchInterval,
  type HandledSession,
  type Session,
  type SessionExtras,
  type SessionOwner,
  type SessionStore,
  type SessionStoreOptions,
} from '@/server/bff/sessions/session-store';
import type { BffDatabase } from './bff-database';
import { sessions } from './bff-schema';

function sessionOf(row: typeof sessions.$inferSelect): Session {
  return {
    operator: {
      accountId: row.operatorAccount,
      name: row.operatorName,
      role: row.operatorRole,
      agents: row.operatorAgents ?? null,
    },
    createdAt: row.createdMs,
    lastSeenAt: row.lastSeenMs,
    userAgent: row.userAgent,
    address: row.address,
    ...(row.oidcIssuer && row.oidcSubject && row.idToken
      ? { oidc: { issuer: row.oidcIssuer, subject: row.oidcSubject, sid: row.oidcSid, idToken: row.idToken } }
      : {}),
    ...(row.expiresMs === null ? {} : { expiresAt: row.expiresMs }),
  };
}

export class PgSessionStore implements SessionStore {
  constructor(
    private readonly database: BffDatabase,
    private readonly options: SessionStoreOptions,
  ) {}

  private get db() {
    return this.database.db;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async create(
    operator: SessionOwner,
    userAgent: string,
    address?: string,
    extras: SessionExtras = {},
  ): Promise<{ id: string; session: Session }> {
    const id = randomCredential();
    const now = this.now();
    const owner = storedOwner(operator);
    await this.db.insert(sessions).values({
      idHash: credentialFileName(id),
      handle: sessionHandle(id)!,
      operatorAccount: owner.accountId,
      operatorName: owner.name,
      operatorRole: owner.role,
      operatorAgents: owner.agents,
      userAgent,
      address: address ?? null,
      createdMs: now,
      lastSeenMs: now,
      oidcIssuer: extras.oidc?.issuer ?? null,
      oidcSubject: extras.oidc?.subject ?? null,
      oidcSid: extras.oidc?.sid ?? null,
      idToken: extras.oidc?.idToken ?? null,
      expiresMs: extras.expiresAt ?? null,
    });
    const session = { operator: owner, createdAt: now, lastSeenAt: now, userAgent, ...extras };
    return { id, session: { ...session, address: address ?? null } };
  }

  async get(id: string | undefined): Promise<Session | null> {
    if (!id || !CREDENTIAL_PATTERN.test(id)) return null;
    const byId = eq(sessions.idHash, credentialFileName(id));
    const [row] = await this.db.select().from(sessions).where(byId);
    if (!row) return null;
    const session = sessionOf(row);
    const now = this.now();
    if (sessionExpired(session, now, this.options)) {
      await this.db.delete(sessions).where(byId);
      return null;
    }
    if (now - session.lastSeenAt >= touchInterval(this.options)) {
      const touched = await this.db
        .update(sessions)
        .set({ lastSeenMs: sql`GREATEST(${sessions.lastSeenMs}, ${now})` })
        .where(byId);
      // No row to update: ended while this request was being let in. GREATEST: another instance may have moved it on.
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
      await this.db.delete(sessions).where(eq(sessions.idHash, credentialFileName(id)));
    }
  }

  async list(): Promise<HandledSession[]> {
    await this.removeExpired();
    const rows = await this.db.select().from(sessions);
    const now = this.now();
    return rows
      .map((row) => ({ handle: row.handle, session: sessionOf(row) }))
      .filter(({ session }) => !sessionExpired(session, now, this.options));
  }

  async destroyHandle(handle: string): Promise<boolean> {
    if (!SESSION_HANDLE_PATTERN.test(handle)) return false;
    await this.removeExpired();
    return ((await this.db.delete(sessions).where(eq(sessions.handle, handle))).rowCount ?? 0) > 0;
  }

  async destroyWhere(predicate: (session: Session, handle: string) => boolean): Promise<number> {
    const picked = (await this.list()).filter(({ handle, session }) => predicate(session, handle));
    if (picked.length === 0) return 0;
    const handles = picked.map((p) => p.handle);
    return (await this.db.delete(sessions).where(inArray(sessions.handle, handles))).rowCount ?? 0;
  }

  private async removeExpired(): Promise<void> {
    const now = this.now();
    await this.db
      .delete(sessions)
      .where(
        or(
          lte(sessions.createdMs, now - this.options.absoluteMs),
          lte(sessions.lastSeenMs, now - this.options.idleMs),
          lte(sessions.expiresMs, now),
        ),
      );
  }
}

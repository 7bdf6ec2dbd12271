/**
 * Operator sessions as one small file each in `<data>/bff/sessions/`, named by the SHA-256 of the session id. Being
 * files in the data dir, sessions survive a restart and are shared by every BFF instance using the same dir; signing
 * out deletes the file, which ends the session everywhere at once.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { bffDir, CREDENTIAL_PATTERN, credentialFileName, randomCredential, readJsonFile, removeFile, writeFileAtomic } from './data-files';
import type { OperatorRole } from './operator-accounts';

export interface SessionOperator {
  name: string;
  role: OperatorRole;
}

export interface Session {
  operator: SessionOperator;
  createdAt: number;
  lastSeenAt: number;
}

export interface SessionStoreOptions {
  idleMs: number;
  absoluteMs: number;
  now?: () => number;
}

export class SessionStore {
  private readonly dir: string;
  /** lastSeenAt is written at most this often (a write per request would cost more than the idle rule is worth). */
  private readonly touchIntervalMs: number;

  constructor(dataDir: string, private readonly options: SessionStoreOptions) {
    this.dir = join(bffDir(dataDir), 'sessions');
    this.touchIntervalMs = Math.min(60_000, options.idleMs / 10);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private path(id: string): string {
    return join(this.dir, `${credentialFileName(id)}.json`);
  }

  /** A new session with a new random id (the id is never reused: sign-in always rotates it). */
  async create(operator: SessionOperator): Promise<{ id: string; session: Session }> {
    const id = randomCredential();
    const now = this.now();
    const session: Session = { operator: { name: operator.name, role: operator.role }, createdAt: now, lastSeenAt: now };
    await writeFileAtomic(this.path(id), JSON.stringify(session));
    return { id, session };
  }

  /** The live session for `id`, or null (unknown, malformed, idle too long, or past its absolute lifetime). */
  async get(id: string | undefined): Promise<Session | null> {
    if (!id || !CREDENTIAL_PATTERN.test(id)) return null;
    const path = this.path(id);
    let session: Session | undefined;
    try {
      session = await readJsonFile<Session>(path);
    } catch {
      return null;
    }
    if (!session) return null;
    const now = this.now();
    if (now - session.createdAt >= this.options.absoluteMs || now - session.lastSeenAt >= this.options.idleMs) {
      await removeFile(path);
      return null;
    }
    if (now - session.lastSeenAt >= this.touchIntervalMs) {
      session.lastSeenAt = now;
      // Best effort: a concurrent sign-out may have removed it; do not resurrect a removed session.
      if (await readJsonFile(path).catch(() => undefined)) await writeFileAtomic(path, JSON.stringify(session));
    }
    return session;
  }

  async destroy(id: string | undefined): Promise<void> {
    if (id && CREDENTIAL_PATTERN.test(id)) await removeFile(this.path(id));
  }

  /** Ends every session of an operator (account removed or password reset) and every expired one. */
  async destroyWhere(predicate: (session: Session) => boolean): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    const now = this.now();
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const path = join(this.dir, name);
      const session = await readJsonFile<Session>(path).catch(() => undefined);
      if (!session) continue;
      const expired = now - session.createdAt >= this.options.absoluteMs || now - session.lastSeenAt >= this.options.idleMs;
      if (expired || predicate(session)) {
        if (await removeFile(path)) removed++;
      }
    }
    return removed;
  }
}

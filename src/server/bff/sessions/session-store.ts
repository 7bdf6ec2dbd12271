/**
 * Operator sessions: the store's interface, and its default implementation, FileSessionStore, as one small file each
 * in `<data>/bff/sessions/`, named by the SHA-256 of the session id. Being files in the data dir, sessions survive a
 * restart and are shared by every BFF instance using the same dir; ending a session deletes the file, which ends it
 * everywhere at once, on its very next request.
 *
 * The file holds what never changes (operator, creation time, a short user agent). Last seen is the file's
 * modification time, moved with utimes at most once a minute: utimes fails on a file removed meanwhile, where
 * rewriting the file would bring back a session that was just ended.
 */
import { createHash } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import { readdir, readFile, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import {
  bffDir,
  CREDENTIAL_PATTERN,
  credentialFileName,
  randomCredential,
  removeFile,
  writeFileAtomic,
} from '@/server/bff/foundation/data-files';
import { SESSION_HANDLE_PATTERN } from '@/contract/operator-sessions';
import type { SessionOperator } from '@/contract/bff-session';

/**
 * Who a session belongs to: the account (`accountId`: an operator account's id, or the launch link's) and the role
 * it signed in with. Whose a session is is decided by these two, never by the name, which is for display only.
 */
export interface SessionOwner extends SessionOperator {
  accountId: string;
}

/**
 * An owner as every store keeps it: account, name, role, and the agents it is limited to (null: every agent; a
 * session stored before agent limits, or a damaged list, is not limited).
 */
export function storedOwner(owner: SessionOwner): SessionOwner {
  const { accountId, name, role, agents } = owner;
  const limited = Array.isArray(agents) && agents.every((id) => typeof id === 'string');
  return { accountId, name, role, agents: limited ? [...agents] : null };
}

/** Whether two owners are the same account with the same role. */
export function sameOwner(a: SessionOwner, b: SessionOwner): boolean {
  return a.accountId === b.accountId && a.role === b.role;
}

/**
 * A session signed in through OpenID Connect: the person at the provider (issuer + subject, the provider's session
 * `sid` when it sent one: what back-channel logout names) and the ID token, kept here only for the `id_token_hint` of
 * the provider's sign-out. Never sent to the browser.
 */
export interface OidcSessionLink {
  issuer: string;
  subject: string;
  sid: string | null;
  idToken: string;
}

/** What a session may carry beyond its owner: the provider link, and an end earlier than the absolute lifetime. */
export interface SessionExtras {
  oidc?: OidcSessionLink;
  /** Epoch ms after which the session has ended (DPS_OIDC_MAX_SESSION_HOURS). */
  expiresAt?: number;
}

export interface Session extends SessionExtras {
  operator: SessionOwner;
  createdAt: number;
  lastSeenAt: number;
  /** A short description of the browser ("Chrome 131 on Linux"), never the raw header. */
  userAgent: string;
  /** The client address it signed in from (request.ip); null for sessions stored before addresses were kept. */
  address: string | null;
}

/** A session with its handle: an opaque name for it that is neither its id nor its file name. */
export interface HandledSession {
  handle: string;
  session: Session;
}

interface SessionFile extends SessionExtras {
  operator: SessionOwner;
  createdAt: number;
  userAgent?: string;
  address?: string;
}

export interface SessionStoreOptions {
  idleMs: number;
  absoluteMs: number;
  now?: () => number;
}

/**
 * Where sessions live: files in the data dir (FileSessionStore) or PostgreSQL (PgSessionStore). Every method sees
 * what other instances did a moment ago: ending a session ends it everywhere on its very next request.
 */
export interface SessionStore {
  /** A new session with a new random id (the id is never reused: sign-in always rotates it). */
  create(
    operator: SessionOwner,
    userAgent: string,
    address?: string,
    extras?: SessionExtras,
  ): Promise<{ id: string; session: Session }>;
  /** The live session for `id`, or null (unknown, malformed, ended, idle too long, or past its absolute lifetime). */
  get(id: string | undefined): Promise<Session | null>;
  /**
   * What get(id) would answer, when the store can tell at once (without a promise) from what it asks of the store
   * right now, as get() does; undefined when only get() can tell (then ask it). Optional: a store without it is asked
   * through get() every time.
   */
  getNow?(id: string | undefined): Session | null | undefined;
  /** The handle of the session `id` (whether or not it is still live). */
  handleOf(id: string | undefined): string | undefined;
  destroy(id: string | undefined): Promise<void>;
  /** Every live session with its handle; expired ones are removed on the way. */
  list(): Promise<HandledSession[]>;
  /** Ends the live session with this handle; false when there is none. */
  destroyHandle(handle: string): Promise<boolean>;
  /** Ends every session the predicate picks (an operator's, on removal or password reset) and every expired one. */
  destroyWhere(predicate: (session: Session, handle: string) => boolean): Promise<number>;
}

/** Idle and absolute lifetimes, as every store applies them. */
export function sessionExpired(session: Session, now: number, options: SessionStoreOptions): boolean {
  if (session.expiresAt !== undefined && now >= session.expiresAt) return true;
  return now - session.createdAt >= options.absoluteMs || now - session.lastSeenAt >= options.idleMs;
}

/** The extras of a stored session, only when well-formed (a damaged link is dropped, never half-used). */
export function storedExtras(stored: SessionExtras): SessionExtras {
  const extras: SessionExtras = {};
  const link = stored.oidc;
  if (link && typeof link.issuer === 'string' && typeof link.subject === 'string' && typeof link.idToken === 'string') {
    const sid = typeof link.sid === 'string' ? link.sid : null;
    extras.oidc = { issuer: link.issuer, subject: link.subject, sid, idToken: link.idToken };
  }
  if (typeof stored.expiresAt === 'number') extras.expiresAt = stored.expiresAt;
  return extras;
}

/** Last seen is recorded at most this often (a write per request would cost more than the idle rule is worth). */
export function touchInterval(options: SessionStoreOptions): number {
  return Math.min(60_000, options.idleMs / 10);
}

/** The handle of the session stored in `<fileName>.json`: a hash of the file name, so it leads back to no id. */
function handleOfFile(fileName: string): string {
  return createHash('sha256').update(`dps-session-handle:${fileName}`).digest('hex').slice(0, 32);
}

/** The handle of a session id, the same in every store (a handle outlives a move of the state to PostgreSQL). */
export function sessionHandle(id: string | undefined): string | undefined {
  return id && CREDENTIAL_PATTERN.test(id) ? handleOfFile(credentialFileName(id)) : undefined;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

class MalformedSessionFile extends Error {
  constructor() {
    super('malformed session file');
  }
}

/** The session a file's content and modification time (its last seen) make. */
function sessionOf(stored: SessionFile, lastSeenAt: number): Session {
  return {
    operator: storedOwner(stored.operator),
    createdAt: stored.createdAt,
    lastSeenAt,
    userAgent: typeof stored.userAgent === 'string' ? stored.userAgent : 'Unknown browser',
    address: typeof stored.address === 'string' ? stored.address : null,
    ...storedExtras(stored),
  };
}

/** Parsed session files kept in memory (a few hundred bytes each); the oldest is dropped past this many. */
const MAX_CACHED_CONTENTS = 10_000;

export class FileSessionStore implements SessionStore {
  private readonly dir: string;
  private readonly contents = new Map<string, { ino: number; size: number; stored: SessionFile }>();
  /** The file path of each session id asked about lately: its SHA-256 and a path join, once per id, not per request. */
  private readonly pathsOfIds = new Map<string, string>();
  private readonly touchIntervalMs: number;

  constructor(
    dataDir: string,
    private readonly options: SessionStoreOptions,
  ) {
    this.dir = join(bffDir(dataDir), 'sessions');
    this.touchIntervalMs = touchInterval(options);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private path(fileName: string): string {
    return join(this.dir, `${fileName}.json`);
  }

  /** The path of the file of session `id` (a well-formed id); remembered, as the hash is the same every time. */
  private pathOfId(id: string): string {
    let path = this.pathsOfIds.get(id);
    if (path === undefined) {
      path = this.path(credentialFileName(id));
      if (this.pathsOfIds.size >= MAX_CACHED_CONTENTS) this.pathsOfIds.delete(this.pathsOfIds.keys().next().value!);
      this.pathsOfIds.set(id, path);
    }
    return path;
  }

  private expired(session: Session, now: number): boolean {
    return sessionExpired(session, now, this.options);
  }

  /** The session in a file, last seen included; undefined when the file is gone; throws when it is malformed. */
  private async read(path: string): Promise<Session | undefined> {
    const stats = this.statOf(path);
    if (!stats) return undefined;
    // The file unchanged since it was last read (the usual case): its content without a promise of its own.
    const cached = this.contents.get(path);
    const stored =
      cached && cached.ino === stats.ino && cached.size === stats.size
        ? cached.stored
        : await this.contentOf(path, stats.ino, stats.size);
    return sessionOf(stored, stats.mtimeMs);
  }

  /** The file's stat; undefined when it is gone (its remembered content forgotten). */
  private statOf(path: string): Stats | undefined {
    try {
      // Synchronous on purpose: this runs on every request, and stat of a small local file is a few µs as a system
      // call, while the promise version costs ~80 µs of CPU (a thread-pool round trip) — 15 % of a proxied GET.
      return statSync(path);
    } catch (error) {
      if (isMissing(error)) {
        this.contents.delete(path);
        return undefined;
      }
      throw error;
    }
  }

  /**
   * A session file's content never changes (last seen is its mtime), and files are replaced by rename, never
   * rewritten: the same inode and size mean the same content. So a request costs one stat, not open + read + close;
   * whether the session still exists is still asked of the file system on every request.
   */
  private async contentOf(path: string, ino: number, size: number): Promise<SessionFile> {
    const cached = this.contents.get(path);
    if (cached && cached.ino === ino && cached.size === size) return cached.stored;
    const text = await readFile(path, 'utf8');
    let stored: SessionFile | undefined;
    try {
      stored = JSON.parse(text) as SessionFile;
    } catch {
      // Left undefined: malformed.
    }
    // A session stored before sessions named their owner's account (or a damaged one) is not anybody's: it has ended.
    if (typeof stored?.operator?.accountId !== 'string' || typeof stored.createdAt !== 'number') {
      throw new MalformedSessionFile();
    }
    if (this.contents.size >= MAX_CACHED_CONTENTS) this.contents.delete(this.contents.keys().next().value!);
    this.contents.set(path, { ino, size, stored });
    return stored;
  }

  private remove(path: string): Promise<boolean> {
    this.contents.delete(path);
    return removeFile(path);
  }

  /** A new session with a new random id (the id is never reused: sign-in always rotates it). */
  async create(
    operator: SessionOwner,
    userAgent: string,
    address?: string,
    extras: SessionExtras = {},
  ): Promise<{ id: string; session: Session }> {
    const id = randomCredential();
    const now = this.now();
    const stored: SessionFile = { operator: storedOwner(operator), createdAt: now, userAgent, address, ...extras };
    const path = this.path(credentialFileName(id));
    await writeFileAtomic(path, JSON.stringify(stored));
    await utimes(path, new Date(now), new Date(now));
    const session = {
      operator: stored.operator,
      createdAt: now,
      lastSeenAt: now,
      userAgent,
      address: address ?? null,
      ...storedExtras(extras),
    };
    return { id, session };
  }

  /** The live session for `id`, or null (unknown, malformed, ended, idle too long, or past its absolute lifetime). */
  async get(id: string | undefined): Promise<Session | null> {
    if (!id || !CREDENTIAL_PATTERN.test(id)) return null;
    const path = this.pathOfId(id);
    let session: Session | undefined;
    try {
      session = await this.read(path);
    } catch {
      session = undefined;
    }
    if (!session) return null;
    const now = this.now();
    if (this.expired(session, now)) {
      await this.remove(path);
      return null;
    }
    if (now - session.lastSeenAt >= this.touchIntervalMs) {
      try {
        await utimes(path, new Date(now), new Date(now));
      } catch (error) {
        if (isMissing(error)) return null; // ended while this request was being let in
        throw error;
      }
      session.lastSeenAt = now;
    }
    return session;
  }

  /**
   * get(id) without a promise in the usual case: the file is there (one stat, as get() asks on every request), its
   * content already read, the session neither expired nor due for its last-seen touch. Undefined otherwise: get()
   * then reads, removes or touches as it does.
   */
  getNow(id: string | undefined): Session | null | undefined {
    if (!id || !CREDENTIAL_PATTERN.test(id)) return null;
    const path = this.pathOfId(id);
    const cached = this.contents.get(path);
    if (!cached) return undefined;
    let stats: Stats | undefined;
    try {
      stats = this.statOf(path);
    } catch {
      return undefined;
    }
    if (!stats) return null;
    if (stats.ino !== cached.ino || stats.size !== cached.size) return undefined;
    const session = sessionOf(cached.stored, stats.mtimeMs);
    const now = this.now();
    if (this.expired(session, now) || now - session.lastSeenAt >= this.touchIntervalMs) return undefined;
    return session;
  }

  /** The handle of the session `id` (whether or not it is still live). */
  handleOf(id: string | undefined): string | undefined {
    return sessionHandle(id);
  }

  async destroy(id: string | undefined): Promise<void> {
    if (!id || !CREDENTIAL_PATTERN.test(id)) return;
    const path = this.pathOfId(id);
    this.pathsOfIds.delete(id);
    await this.remove(path);
  }

  /** Every live session with its handle; expired ones are removed on the way. */
  async list(): Promise<HandledSession[]> {
    const found: HandledSession[] = [];
    await this.sweep((handle, session) => {
      found.push({ handle, session });
      return false;
    });
    return found;
  }

  /** Ends the live session with this handle; false when there is none. */
  async destroyHandle(handle: string): Promise<boolean> {
    if (!SESSION_HANDLE_PATTERN.test(handle)) return false;
    return (await this.sweep((h) => h === handle)) > 0;
  }

  /** Ends every session the predicate picks (an operator's, on removal or password reset) and every expired one. */
  async destroyWhere(predicate: (session: Session, handle: string) => boolean): Promise<number> {
    return this.sweep((handle, session) => predicate(session, handle));
  }

  /**
   * Visits every live session, removing expired ones and those `remove` picks; returns how many `remove` picked and
   * were still there to remove.
   */
  private async sweep(remove: (handle: string, session: Session) => boolean): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    const now = this.now();
    for (const name of names) {
      const fileName = /^([0-9a-f]{64})\.json$/.exec(name)?.[1];
      if (!fileName) continue; // temp files of a write in progress
      const path = this.path(fileName);
      // Written by rename, so never half-written: a malformed one (of before sessions named their owner's account, or
      // damaged) is nobody's and goes; one that could not be read this time stays.
      const session = await this.read(path).catch((error: unknown) =>
        error instanceof MalformedSessionFile ? null : undefined,
      );
      if (session === null) await this.remove(path);
      if (!session) continue;
      if (this.expired(session, now)) {
        await this.remove(path);
        continue;
      }
      if (remove(handleOfFile(fileName), session) && (await this.remove(path))) removed++;
    }
    return removed;
  }
}

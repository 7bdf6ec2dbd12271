/**
 * Audit log of writes through the BFF: the interface every store implements (here, and PgAuditLog in PostgreSQL),
 * and the default implementation as JSON lines in `<data>/bff/audit.jsonl`, appended only (O_APPEND, one write
 * per line, so several instances can share the file).
 *
 * A forwarded write is two lines: `forwarded` just before it is sent to the service, and its outcome (the service's
 * status, a timeout, a failed connection) when that is known, joined by id. The first line is there whatever happens
 * next: a browser that leaves, or a BFF that stops, cannot take the record of a write the service received with it.
 * A write the BFF answers itself (refused, too large) is one complete line.
 *
 * The file is rotated by size (`audit.<n>.jsonl`, higher n = newer) and the oldest rotated files are deleted beyond a
 * retention count. Pages are read newest first by scanning backwards from a cursor `<n>-<byte offset>`; the current
 * file's n is one more than the newest rotated file's, so a cursor stays valid when the file it points into rotates.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, statSync } from 'node:fs';
import { open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEntry, AuditOutcome } from '@/contract/bff-audit';
import { bffDir, ensureDir } from '@/server/bff/foundation/data-files';

export type { AuditEntry } from '@/contract/bff-audit';

export interface AuditQuery {
  operator?: string;
  method?: string;
  /** The recorded path, exactly (`/api/users/svc:user:abc`). */
  path?: string;
  /** Entries whose time is at or after this (epoch ms). */
  after?: number;
  /** Entries whose time is before this (epoch ms). */
  before?: number;
  limit: number;
  /** A `nextCursor` of a previous page: entries that start before it are older than that page. */
  cursor?: string;
}

export interface AuditPageResult {
  entries: AuditEntry[];
  nextCursor: string | null;
}

/**
 * A forwarded write is recorded twice: `forwarded` just before it is sent to the service, its outcome when known.
 * The first record is there whatever happens next; a write the BFF answers itself is one complete record.
 */
export interface AuditLog {
  /** A write the BFF answered itself: one complete entry. */
  append(entry: AuditWrite & { status: number }): Promise<void>;
  /** Records a write about to be sent to the service; resolves with the id its outcome is recorded under. */
  forwarded(write: AuditWrite): Promise<string>;
  /** Records what became of a forwarded write. */
  completed(id: string, outcome: AuditCompletion): Promise<void>;
  /** One page, newest first, and the cursor of the next (older) page or null when nothing older matches. */
  page(query: AuditQuery): Promise<AuditPageResult>;
  /** Whether `text` can be a `nextCursor` of this log (the route refuses others with 400). */
  isCursor(text: string): boolean;
}

export interface AuditCompletion {
  outcome: AuditOutcome;
  status: number | null;
  clientClosed: boolean;
}

export interface AuditWrite {
  operator: string;
  method: string;
  path: string;
  /** The request's id (what both servers log it under). */
  requestId?: string;
  /** The person at the OpenID provider, when they signed in through it: its issuer and their `sub`. */
  issuer?: string;
  subject?: string;
}

export interface AuditOptions {
  /** The current file is rotated before a line would take it past this size. */
  maxBytes: number;
  /** Rotated files kept; older ones are deleted. */
  keepFiles: number;
  /** Longest time between a write's `forwarded` line and its outcome (the BFF's whole wait for the service). */
  completionWindowMs: number;
}

export const DEFAULT_AUDIT_OPTIONS: AuditOptions = {
  maxBytes: 10 * 1024 * 1024,
  keepFiles: 20,
  completionWindowMs: 15 * 60_000,
};

/** What the file holds, line by line. Lines without `event` (written before outcomes were recorded) are complete. */
type Line =
  | {
      event: 'forwarded';
      time: string;
      id: string;
      operator: string;
      method: string;
      path: string;
      requestId?: string;
      issuer?: string;
      subject?: string;
    }
  | { event: 'outcome'; time: string; id: string; outcome: AuditOutcome; status: number | null; clientClosed: boolean }
  | {
      event?: 'not-forwarded';
      time: string;
      operator: string;
      method: string;
      path: string;
      status: number;
      requestId?: string;
      issuer?: string;
      subject?: string;
    };

type Outcome = Extract<Line, { event: 'outcome' }>;

interface Segment {
  seq: number;
  path: string;
}

interface Position {
  seq: number;
  offset: number;
}

const CHUNK = 64 * 1024;
const CURSOR = /^(\d{1,15})-(\d{1,15})$/;
const ROTATED = /^audit\.(\d{1,15})\.jsonl$/;
/** A rotation lock older than this was left by a stopped instance. */
const STALE_LOCK_MS = 30_000;

export class FileAuditLog implements AuditLog {
  readonly path: string;
  private readonly dir: string;
  private readonly options: AuditOptions;
  private ready: Promise<void> | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(dataDir: string, options: Partial<AuditOptions> = {}) {
    this.dir = bffDir(dataDir);
    this.path = join(this.dir, 'audit.jsonl');
    this.options = { ...DEFAULT_AUDIT_OPTIONS, ...options };
  }

  isCursor(text: string): boolean {
    return CURSOR.test(text);
  }

  append(entry: AuditWrite & { status: number }): Promise<void> {
    return this.write({ event: 'not-forwarded', ...entry });
  }

  async forwarded(write: AuditWrite): Promise<string> {
    const id = randomBytes(9).toString('base64url');
    const { operator, method, path, requestId, issuer, subject } = write;
    await this.write({ event: 'forwarded', id, operator, method, path, requestId, issuer, subject });
    return id;
  }

  completed(id: string, outcome: AuditCompletion): Promise<void> {
    return this.write({ event: 'outcome', id, ...outcome });
  }

  /**
   * Appends one line, stamped with the time it is written. Appends are queued so that, within this instance, the
   * file's order (what "newest first" reads) and the lines' times agree, a rotation in progress included.
   */
  private write(line: Record<string, unknown>): Promise<void> {
    const written = this.queue.then(async () => {
      this.ready ??= ensureDir(this.dir);
      await this.ready;
      const text = `${JSON.stringify({ time: new Date().toISOString(), ...line })}\n`;
      await this.rotateIfFull(Buffer.byteLength(text));
      // Synchronous on purpose, like the size check: a line of a few hundred bytes goes to the page cache in a few
      // µs, where the promise version makes three thread-pool round trips (open, write, close), which were most of
      // the BFF's CPU on a proxied write.
      appendFileSync(this.path, text, { mode: 0o600, flag: 'a' });
    });
    this.queue = written.catch(() => undefined);
    return written;
  }

  private async rotateIfFull(adding: number): Promise<void> {
    const size = fileSize(this.path);
    if (size === 0 || size + adding <= this.options.maxBytes) return;
    // One rotation at a time across instances sharing the dir: the lock is a file created exclusively.
    const lock = join(this.dir, 'audit.rotate.lock');
    if (!(await takeLock(lock))) return; // another instance is rotating; this line goes into whichever file is current
    try {
      if (fileSize(this.path) + adding <= this.options.maxBytes) return; // rotated meanwhile
      const rotated = await this.rotatedSegments();
      const seq = (rotated.at(-1)?.seq ?? 0) + 1;
      await rename(this.path, this.segmentPath(seq));
      const expired = [...rotated, { seq, path: this.segmentPath(seq) }].slice(0, -this.options.keepFiles);
      for (const segment of expired) await unlink(segment.path).catch(() => undefined);
    } finally {
      await unlink(lock).catch(() => undefined);
    }
  }

  private segmentPath(seq: number): string {
    return join(this.dir, `audit.${seq}.jsonl`);
  }

  private async rotatedSegments(): Promise<Segment[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return names
      .map((name) => ROTATED.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ seq: Number(m[1]), path: join(this.dir, m[0]) }))
      .sort((a, b) => a.seq - b.seq);
  }

  /** Rotated files oldest first, then the current file. */
  private async segments(): Promise<Segment[]> {
    const rotated = await this.rotatedSegments();
    return [...rotated, { seq: (rotated.at(-1)?.seq ?? 0) + 1, path: this.path }];
  }

  async page(query: AuditQuery): Promise<AuditPageResult> {
    const segments = await this.segments();
    const from = query.cursor
      ? parseCursor(query.cursor)
      : { seq: segments.at(-1)!.seq, offset: Number.MAX_SAFE_INTEGER };
    const outcomes = new Map<string, Outcome>();
    const found: { entry: AuditEntry; id?: string; at: Position }[] = [];
    // Scan backwards for limit + 1 matches: the extra one tells whether an older page exists. Outcomes come after
    // their forwarded line, so scanning backwards meets them first.
    for await (const { line, at } of linesBackward(segments, from)) {
      if (line.event === 'outcome') {
        if (!outcomes.has(line.id)) outcomes.set(line.id, line);
        continue;
      }
      // Lines are appended in time order: past `after`, nothing older can match (an instance's clock running a
      // moment behind another's could hide a line written in the same instant, no more).
      if (query.after !== undefined && Date.parse(line.time) < query.after) break;
      if (!matches(line, query)) continue;
      if (line.event === 'forwarded')
        found.push({ entry: forwardedEntry(line, outcomes.get(line.id)), id: line.id, at });
      else found.push({ entry: completeEntry(line), at });
      if (found.length > query.limit) break;
    }
    const hasMore = found.length > query.limit;
    const page = found.slice(0, query.limit);
    // Outcomes newer than the cursor were on earlier pages: look for them forwards, within the completion window.
    const unresolved = new Map(page.filter((f) => f.id && f.entry.outcome === 'pending').map((f) => [f.id!, f]));
    if (query.cursor && unresolved.size > 0) {
      const latest = Math.max(...[...unresolved.values()].map((f) => Date.parse(f.entry.time)));
      const until = latest + this.options.completionWindowMs;
      for await (const line of linesForward(segments, from)) {
        if (Date.parse(line.time) > until) break;
        const waiting = line.event === 'outcome' ? unresolved.get(line.id) : undefined;
        if (!waiting || line.event !== 'outcome') continue;
        waiting.entry = forwardedEntry({ ...waiting.entry, event: 'forwarded', id: line.id }, line);
        unresolved.delete(line.id);
        if (unresolved.size === 0) break;
      }
    }
    const last = page.at(-1);
    return {
      entries: page.map((f) => f.entry),
      nextCursor: hasMore && last ? `${last.at.seq}-${last.at.offset}` : null,
    };
  }
}

function forwardedEntry(line: Extract<Line, { event: 'forwarded' }>, outcome: Outcome | undefined): AuditEntry {
  return {
    time: line.time,
    operator: line.operator,
    method: line.method,
    path: line.path,
    status: outcome?.status ?? null,
    outcome: outcome?.outcome ?? 'pending',
    clientClosed: outcome?.clientClosed ?? false,
    completedTime: outcome?.time ?? null,
    ...optionalFields(line),
  };
}

function completeEntry(line: Extract<Line, { status: number; operator: string }>): AuditEntry {
  return {
    time: line.time,
    operator: line.operator,
    method: line.method,
    path: line.path,
    status: line.status,
    // Lines from before outcomes were recorded hold the answer the browser got.
    outcome: line.event === 'not-forwarded' ? 'not-forwarded' : 'answered',
    clientClosed: false,
    completedTime: line.time,
    ...optionalFields(line),
  };
}

/** The optional fields a line may hold, only when it holds them (older lines have none). */
function optionalFields(line: { requestId?: string; issuer?: string; subject?: string }): Partial<AuditEntry> {
  return {
    ...(line.requestId ? { requestId: line.requestId } : {}),
    ...(line.issuer && line.subject ? { issuer: line.issuer, subject: line.subject } : {}),
  };
}

function parseCursor(cursor: string): Position {
  const m = CURSOR.exec(cursor);
  if (!m) throw new Error('not an audit cursor');
  return { seq: Number(m[1]), offset: Number(m[2]) };
}

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}

async function takeLock(path: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await (await open(path, 'wx', 0o600)).close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (await stat(path).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
      if (age < STALE_LOCK_MS) return false;
      await unlink(path).catch(() => undefined);
    }
  }
  return false;
}

function parseLine(text: string): Line | undefined {
  try {
    const value = JSON.parse(text) as Line;
    if (typeof value.time !== 'string') return undefined;
    if (value.event === 'outcome' || value.event === 'forwarded')
      return typeof value.id === 'string' ? value : undefined;
    return typeof value.method === 'string' && typeof value.status === 'number' ? value : undefined;
  } catch {
    return undefined;
  }
}

function matches(line: Exclude<Line, Outcome>, query: AuditQuery): boolean {
  if (query.operator && line.operator !== query.operator) return false;
  if (query.method && line.method !== query.method) return false;
  if (query.path !== undefined && line.path !== query.path) return false;
  if (query.before !== undefined && !(Date.parse(line.time) < query.before)) return false;
  return true;
}

/** Lines newest first from `from` (exclusive) back to the start of the oldest file, with where each starts. */
async function* linesBackward(segments: Segment[], from: Position): AsyncGenerator<{ line: Line; at: Position }> {
  for (const segment of [...segments].reverse()) {
    if (segment.seq > from.seq) continue;
    const handle = await open(segment.path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined; // deleted by retention, or not written yet
      throw error;
    });
    if (!handle) continue;
    try {
      const size = (await handle.stat()).size;
      let end = segment.seq === from.seq ? Math.min(from.offset, size) : size;
      let carry = Buffer.alloc(0); // the start of a line whose beginning lies in an earlier chunk
      while (end > 0) {
        const start = Math.max(0, end - CHUNK);
        const chunk = Buffer.alloc(end - start);
        await handle.read(chunk, 0, chunk.length, start);
        const buffer = Buffer.concat([chunk, carry]);
        let lineEnd = buffer.length;
        // Lines are complete from the last newline backwards; everything before the first newline may continue
        // into the previous chunk, unless this chunk starts the file.
        for (let i = buffer.length - 1; i >= -1; i--) {
          if (i >= 0 && buffer[i] !== 0x0a) continue;
          if (i < 0 && start > 0) break;
          const text = buffer
            .subarray(i + 1, lineEnd)
            .toString('utf8')
            .trim();
          lineEnd = i;
          const line = text ? parseLine(text) : undefined;
          if (line) yield { line, at: { seq: segment.seq, offset: start + i + 1 } };
        }
        carry = buffer.subarray(0, Math.max(lineEnd, 0));
        end = start;
      }
    } finally {
      await handle.close();
    }
  }
}

/** Lines oldest first from `from` to the end of the current file. */
async function* linesForward(segments: Segment[], from: Position): AsyncGenerator<Line> {
  for (const segment of segments) {
    if (segment.seq < from.seq) continue;
    const handle = await open(segment.path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!handle) continue;
    try {
      let position = segment.seq === from.seq ? from.offset : 0;
      let carry = Buffer.alloc(0);
      for (;;) {
        const chunk = Buffer.alloc(CHUNK);
        const { bytesRead } = await handle.read(chunk, 0, CHUNK, position);
        if (bytesRead === 0) break;
        position += bytesRead;
        const buffer = Buffer.concat([carry, chunk.subarray(0, bytesRead)]);
        let lineStart = 0;
        for (let i = buffer.indexOf(0x0a); i >= 0; i = buffer.indexOf(0x0a, lineStart)) {
          const line = parseLine(buffer.subarray(lineStart, i).toString('utf8').trim());
          lineStart = i + 1;
          if (line) yield line;
        }
        carry = buffer.subarray(lineStart);
      }
    } finally {
      await handle.close();
    }
  }
}

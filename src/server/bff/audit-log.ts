/**
 * Audit log of writes through the BFF: one JSON line per write in `<data>/bff/audit.jsonl`, appended only (O_APPEND,
 * one write per line, so several instances can share the file). Read newest first by scanning backwards from a byte
 * offset; the page cursor is that offset.
 */
import { appendFile, open } from 'node:fs/promises';
import { join } from 'node:path';
import { bffDir, ensureDir } from './data-files';

export interface AuditEntry {
  time: string;
  operator: string;
  method: string;
  path: string;
  status: number;
}

export interface AuditQuery {
  operator?: string;
  method?: string;
  limit: number;
  /** Byte offset: entries that start before it are older than the previous page. */
  cursor?: number;
}

const CHUNK = 64 * 1024;

export class AuditLog {
  readonly path: string;
  private readonly dir: string;
  private ready: Promise<void> | undefined;
  private queue: Promise<void> = Promise.resolve();

  constructor(dataDir: string) {
    this.dir = bffDir(dataDir);
    this.path = join(this.dir, 'audit.jsonl');
  }

  /**
   * Appends one entry, stamped with the time it is written. Appends are queued so that, within this instance, the
   * file's order (what "newest first" reads) and the entries' times agree: concurrent appendFile calls can land in
   * any order.
   */
  append(entry: Omit<AuditEntry, 'time'>): Promise<void> {
    const written = this.queue.then(async () => {
      this.ready ??= ensureDir(this.dir);
      await this.ready;
      const line = JSON.stringify({ time: new Date().toISOString(), ...entry });
      await appendFile(this.path, `${line}\n`, { mode: 0o600, flag: 'a' });
    });
    this.queue = written.catch(() => undefined);
    return written;
  }

  /** One page, newest first, and the cursor of the next (older) page or null when nothing older matches. */
  async page(query: AuditQuery): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
    let handle;
    try {
      handle = await open(this.path, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], nextCursor: null };
      throw error;
    }
    try {
      const size = (await handle.stat()).size;
      let end = Math.min(query.cursor ?? size, size);
      const found: { entry: AuditEntry; start: number }[] = [];
      let carry = Buffer.alloc(0); // the start of a line whose beginning lies in an earlier chunk
      // Scan backwards for limit + 1 matches: the extra one tells whether an older page exists.
      while (end > 0 && found.length <= query.limit) {
        const start = Math.max(0, end - CHUNK);
        const chunk = Buffer.alloc(end - start);
        await handle.read(chunk, 0, chunk.length, start);
        const buffer = Buffer.concat([chunk, carry]);
        let lineEnd = buffer.length;
        // Lines are complete from the last newline backwards; everything before the first newline may continue
        // into the previous chunk, unless this chunk starts the file.
        for (let i = buffer.length - 1; i >= -1 && found.length <= query.limit; i--) {
          if (i >= 0 && buffer[i] !== 0x0a) continue;
          if (i < 0 && start > 0) break;
          const line = buffer.subarray(i + 1, lineEnd).toString('utf8').trim();
          lineEnd = i;
          if (!line) continue;
          const entry = parseLine(line);
          if (entry && matches(entry, query)) found.push({ entry, start: start + i + 1 });
        }
        carry = buffer.subarray(0, Math.max(lineEnd, 0));
        end = start;
        if (start === 0) break;
      }
      const hasMore = found.length > query.limit;
      const page = found.slice(0, query.limit);
      return {
        entries: page.map((f) => f.entry),
        nextCursor: hasMore ? String(page[page.length - 1].start) : null,
      };
    } finally {
      await handle.close();
    }
  }
}

function parseLine(line: string): AuditEntry | undefined {
  try {
    const value = JSON.parse(line) as AuditEntry;
    return typeof value.time === 'string' && typeof value.method === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

function matches(entry: AuditEntry, query: AuditQuery): boolean {
  if (query.operator && entry.operator !== query.operator) return false;
  if (query.method && entry.method !== query.method) return false;
  return true;
}

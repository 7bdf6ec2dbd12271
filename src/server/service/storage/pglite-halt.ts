/**
 * Stops a PGlite instance from running any more queries. When PGlite 0.5 could not write its write-ahead log (no
 * room for a new WAL segment) the failing query rejects with 53100, but the next query of any kind — a read, the
 * transaction's ROLLBACK — spins forever in WebAssembly on the main thread, and the whole process stops answering.
 * So after such a failure every query rejects at once with a disk-full error (507) until the service is restarted
 * on a disk with room; storage/disk-reserve.ts keeps the service from getting there. The same stop serves when this
 * process lost its data dir lock (pglite-owner.ts): another process may be writing the files.
 */
import type { PGlite } from '@electric-sql/pglite';

export interface PgliteHalt {
  /** Every query from now on rejects with `error`. */
  halt(error: Error): void;
}

/** Disk full while writing under pg_wal/: the instance is wedged (see above). */
export function isWalWriteFailure(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '53100' && typeof message === 'string' && message.includes('pg_wal/');
}

/** Thrown for every query after a WAL write failed; storage-errors.ts answers it 507 like any disk full. */
export class WalFullError extends Error {
  readonly code = '53100';
  constructor(cause: unknown) {
    super(
      `the database stopped after it could not grow its write-ahead log (${(cause as Error).message}): ` +
        'free space on its disk and restart the service',
      { cause },
    );
  }
}

/** Guards `client`: every query passes through execProtocol or execProtocolStream (close() too). */
export function haltable(client: PGlite): PgliteHalt {
  let halted: Error | undefined;
  for (const name of ['execProtocol', 'execProtocolStream'] as const) {
    const original = client[name].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
      if (halted) throw halted;
      try {
        return await original(...args);
      } catch (error) {
        if (isWalWriteFailure(error)) halted ??= new WalFullError(error);
        throw error;
      }
    };
  }
  return {
    halt: (error) => {
      halted ??= error;
    },
  };
}

/**
 * Megabytes in and out of PGlite through its `/dev/blob` device. As a query parameter or a result column, a 4.7 MB
 * bytea goes through PGlite's wire protocol in JavaScript: 2–8 s to insert and ~0.8 s to read on this project's
 * 2-core machine, against ~60 ms each way through the device. Same transaction, same durability: the device only
 * changes how the bytes reach the engine.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

type Pglite = PGlite | Transaction;

/**
 * A Blob over bytes that are already in memory, without copying them. PGlite reads a query's blob once, through
 * `arrayBuffer()`, before the statement runs and drops it after; a plain `new Blob([bytes])` would copy every chunk
 * into blob storage and `arrayBuffer()` copy it again — 2 MiB of external garbage per 1 MiB chunk, which V8 collects
 * late enough that a 64 MiB upload grew the process by 70–90 MiB.
 */
class BorrowedBytes extends Blob {
  readonly #buffer: ArrayBuffer;

  constructor(bytes: Uint8Array) {
    super([]); // empty: PGlite only ever calls arrayBuffer()
    const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    // PGlite's device reads the whole ArrayBuffer: a view into a larger one (the short last chunk, a pooled Buffer)
    // is copied out — `new Uint8Array(view)` copies, where a Buffer's `slice()` would not.
    this.#buffer = (whole ? bytes : new Uint8Array(bytes)).buffer as ArrayBuffer;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#buffer);
  }
}

/**
 * Runs `statement`, in which `pg_read_binary_file('/dev/blob')` reads `bytes`. PGlite is done with `bytes` when this
 * resolves: the caller may refill them.
 */
export async function writeWithBlob(pglite: Pglite, statement: string, params: unknown[], bytes: Uint8Array) {
  await pglite.query(statement, params, { blob: new BorrowedBytes(bytes) });
}

/** A SQL string literal (standard_conforming_strings is on: only the quote is special). */
export function literal(value: string): string {
  if (value.includes('\0')) throw new Error('a SQL literal cannot hold NUL');
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * The first row of `select` (no parameters: COPY takes none — build it with `literal`), each column's bytes as
 * PostgreSQL's binary format has them (text as UTF-8, bytea as is; null as undefined). Undefined when no row.
 */
export async function readFirstRowWithBlob(
  pglite: Pglite,
  select: string,
): Promise<(Buffer | undefined)[] | undefined> {
  const result = await pglite.query(`COPY (${select} LIMIT 1) TO '/dev/blob' WITH (FORMAT binary)`);
  if (!result.blob) throw new Error('PGlite returned no blob for COPY TO /dev/blob');
  return parseFirstRow(Buffer.from(await result.blob.arrayBuffer()));
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** Reads the first tuple of a binary COPY stream (signature, flags, header extension, then tuples, then -1). */
export function parseFirstRow(data: Buffer): (Buffer | undefined)[] | undefined {
  if (!data.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not a binary COPY stream');
  let at = SIGNATURE.length + 4;
  at += 4 + data.readInt32BE(at);
  const fields = data.readInt16BE(at);
  at += 2;
  if (fields === -1) return undefined;
  const row: (Buffer | undefined)[] = [];
  for (let i = 0; i < fields; i++) {
    const length = data.readInt32BE(at);
    at += 4;
    if (length === -1) {
      row.push(undefined);
      continue;
    }
    row.push(data.subarray(at, at + length));
    at += length;
  }
  return row;
}

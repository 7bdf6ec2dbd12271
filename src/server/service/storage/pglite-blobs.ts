/**
 * Megabytes in and out of PGlite through its `/dev/blob` device. As a query parameter or a result column, a 4.7 MB
 * bytea goes through PGlite's wire protocol in JavaScript: 2–8 s to insert and ~0.8 s to read on this project's
 * 2-core machine, against ~60 ms each way through the device. Same transaction, same durability: the device only
 * changes how the bytes reach the engine.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite';

type Pglite = PGlite | Transaction;

/** Runs `statement`, in which `pg_read_binary_file('/dev/blob')` reads `bytes`. */
export async function writeWithBlob(pglite: Pglite, statement: string, params: unknown[], bytes: Uint8Array) {
  await pglite.query(statement, params, { blob: new Blob([bytes as Uint8Array<ArrayBuffer>]) });
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

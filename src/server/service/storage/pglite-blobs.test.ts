/** Bytes through PGlite's /dev/blob device come back exactly, inside a transaction or not, and quotes stay data. */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { literal, parseFirstRow, readFirstRowWithBlob, writeWithBlob } from './pglite-blobs';

let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.exec('CREATE TABLE f (id text PRIMARY KEY, note text, bytes bytea)');
});
afterAll(() => db?.close());

const insert = `INSERT INTO f (id, note, bytes) VALUES ($1, $2, pg_read_binary_file('/dev/blob'))`;
const select = (id: string) => `SELECT note, bytes FROM f WHERE id = ${literal(id)}`;

describe('PGlite blobs', () => {
  it('round-trips 5 MB of random bytes and a UTF-8 text column', async () => {
    const bytes = randomBytes(5_000_000);
    await writeWithBlob(db, insert, ['big', 'ünï'], bytes);
    const [note, read] = (await readFirstRowWithBlob(db, select('big')))!;
    expect(note!.toString('utf8')).toBe('ünï');
    expect(read!.equals(bytes)).toBe(true);
  });

  it('writes exactly the bytes of a view into a larger buffer, and a refilled buffer does not change what was written', async () => {
    const buffer = Buffer.alloc(64, 1);
    buffer.fill(2, 10, 20);
    await writeWithBlob(db, insert, ['view', null], buffer.subarray(10, 20));
    await writeWithBlob(db, insert, ['whole', null], buffer);
    buffer.fill(9);
    expect((await readFirstRowWithBlob(db, select('view')))![1]).toEqual(Buffer.alloc(10, 2));
    const whole = (await readFirstRowWithBlob(db, select('whole')))![1]!;
    expect(whole.length).toBe(64);
    expect([whole[0], whole[10], whole[63]]).toEqual([1, 2, 1]);
  });

  it('works inside a transaction, and a rolled-back write leaves nothing', async () => {
    await db.transaction(async (tx) => {
      await writeWithBlob(tx, insert, ['in-tx', null], Buffer.from('abc'));
      const [note, read] = (await readFirstRowWithBlob(tx, select('in-tx')))!;
      expect(note).toBeUndefined();
      expect(read!.toString()).toBe('abc');
    });
    await db
      .transaction(async (tx) => {
        await writeWithBlob(tx, insert, ['rolled-back', null], Buffer.from('x'));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await readFirstRowWithBlob(db, select('rolled-back'))).toBeUndefined();
  });

  it('keeps quotes in an id as data', async () => {
    await writeWithBlob(db, insert, ["it's", null], Buffer.from([0, 1, 2]));
    expect((await readFirstRowWithBlob(db, select("it's")))![1]).toEqual(Buffer.from([0, 1, 2]));
    expect(await readFirstRowWithBlob(db, select("x' OR '1'='1"))).toBeUndefined();
    expect(() => literal('a\0b')).toThrow(/NUL/);
  });

  it('refuses a stream that is not binary COPY', () => {
    expect(() => parseFirstRow(Buffer.from('id\tbytes\n'))).toThrow(/not a binary COPY/);
  });
});

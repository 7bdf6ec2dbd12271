/**
 * File bytes in the database: rows of `document_file_chunks`, CHUNK_SIZE bytes each (the last one shorter), written
 * and read one chunk per statement so no statement, transaction or buffer holds a whole file. On PGlite each chunk
 * goes through its `/dev/blob` device (pglite-blobs.ts says why); on PostgreSQL it is a bytea parameter.
 */
import { and, eq, sql } from 'drizzle-orm';
import { pgliteOf, rows, type Db, type Executor } from '@/server/service/storage/database';
import { literal, readFirstRowWithBlob, writeWithBlob } from '@/server/service/storage/pglite-blobs';
import * as schema from '@/server/service/storage/schema';
import type { BlobBackend, FileHead } from './file-store';

/** 1 MiB: a 64 MiB file is 64 rows; a chunk is small for memory and large enough that per-row costs do not show. */
export const CHUNK_SIZE = 1024 * 1024;

const chunks = schema.documentFileChunks;

export function databaseChunks(db: Db): BlobBackend {
  const pglite = pgliteOf(db);

  async function writeChunk(organizationId: string, fileId: string, seq: number, bytes: Buffer) {
    if (pglite) {
      await writeWithBlob(
        pglite,
        `INSERT INTO document_file_chunks (organization_id, file_id, seq, bytes)
         VALUES ($1, $2, $3, pg_read_binary_file('/dev/blob'))`,
        [organizationId, fileId, seq],
        bytes,
      );
    } else {
      await db.insert(chunks).values({ organizationId, fileId, seq, bytes });
    }
  }

  async function readChunk(organizationId: string, fileId: string, seq: number): Promise<Buffer | undefined> {
    if (pglite) {
      const row = await readFirstRowWithBlob(
        pglite,
        `SELECT bytes FROM document_file_chunks
          WHERE organization_id = ${literal(organizationId)} AND file_id = ${literal(fileId)} AND seq = ${seq}`,
      );
      return row?.[0];
    }
    const [row] = await db
      .select({ bytes: chunks.bytes })
      .from(chunks)
      .where(and(eq(chunks.organizationId, organizationId), eq(chunks.fileId, fileId), eq(chunks.seq, seq)));
    return row && (Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes));
  }

  async function remove(head: Pick<FileHead, 'fileId'>, organizationId: string) {
    await db.delete(chunks).where(and(eq(chunks.organizationId, organizationId), eq(chunks.fileId, head.fileId)));
  }

  return {
    async write(organizationId, _documentId, fileId, source) {
      let seq = 0;
      // One buffer for the whole upload: each chunk's statement has finished with it before it is refilled.
      const chunk = Buffer.allocUnsafe(CHUNK_SIZE);
      let filled = 0;
      try {
        for await (const piece of source) {
          for (let at = 0; at < piece.length;) {
            const taken = piece.copy(chunk, filled, at);
            filled += taken;
            at += taken;
            if (filled === CHUNK_SIZE) {
              await writeChunk(organizationId, fileId, seq++, chunk);
              filled = 0;
            }
          }
        }
        if (filled > 0 || seq === 0) await writeChunk(organizationId, fileId, seq, chunk.subarray(0, filled));
      } catch (error) {
        await remove({ fileId }, organizationId).catch(() => undefined);
        throw error;
      }
      return { location: 'database', chunkSize: CHUNK_SIZE };
    },

    async *read(head, organizationId, { start, end }) {
      const size = head.chunkSize ?? CHUNK_SIZE;
      for (let seq = Math.floor(start / size); seq <= Math.floor(end / size); seq++) {
        const bytes = await readChunk(organizationId, head.fileId, seq);
        // Replaced or deleted while it was streamed: end the response early rather than send other bytes.
        if (!bytes) throw new Error(`chunk ${seq} of file ${head.fileId} is gone (the file was replaced or deleted)`);
        const base = seq * size;
        yield bytes.subarray(Math.max(0, start - base), Math.min(bytes.length, end - base + 1));
      }
    },

    remove,
  };
}

/**
 * Deletes chunks that no header row points to and that are older than `minAge` (a PostgreSQL interval): leftovers of
 * a process that stopped between writing an upload and committing it. Returns how many chunks went.
 */
export async function sweepOrphanChunks(db: Db, minAge: string): Promise<number> {
  const removed = await rows<{ file_id: string }>(
    db,
    sql`DELETE FROM document_file_chunks c
         WHERE c.created_time <= now() - ${minAge}::interval
           AND NOT EXISTS (SELECT 1 FROM document_files f
                            WHERE f.organization_id = c.organization_id AND f.file_id = c.file_id)
     RETURNING c.file_id`,
  );
  return removed.length;
}

/** How many chunks of `fileId` are stored: a commit checks that its upload is whole. */
export async function countChunks(db: Executor, organizationId: string, fileId: string): Promise<number> {
  const [{ n }] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM document_file_chunks
         WHERE organization_id = ${organizationId} AND file_id = ${fileId}`,
  );
  return n;
}

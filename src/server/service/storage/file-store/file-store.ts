/**
 * Where document bytes live. A document's file is one header row in `document_files` (content type, size, MD5, a
 * random file id and where the bytes are) and its bytes: 1 MiB chunks in `document_file_chunks` (PGlite or
 * PostgreSQL), or one object in S3-compatible storage when `DPS_BLOB_URL` is set. Headers keep their own location, so
 * files written before a change of store stay readable.
 *
 * Bytes are streamed in under a fresh file id before any transaction opens (a slow client never holds one); the
 * header is switched to the new id in the caller's transaction, and the replaced file's bytes are removed after it
 * commits. A failed or cancelled upload therefore leaves the previous file as it was and nothing half-written
 * visible; its own bytes are removed at once, or by the orphan sweep when the process died before it could.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { HttpError } from '@/server/service/http-error';
import type { Executor, Store } from '@/server/service/storage/database';
import * as schema from '@/server/service/storage/schema';
import type { ByteRange } from './byte-range';
import { countChunks, databaseChunks, sweepOrphanChunks } from './database-chunks';
import type { S3Location } from './blob-url';

export interface FileHead {
  fileId: string;
  contentType: string;
  size: number;
  /** Base64 MD5 of the bytes (the document's contentMD5). */
  md5: string;
  /** `database` or `s3://bucket/key`. */
  location: string;
  /** Bytes per chunk, for files in the database. */
  chunkSize: number | null;
}

/** Bytes streamed into a store under a new file id, not yet any document's file. */
export type Upload = Omit<FileHead, 'contentType'> & { organizationId: string; documentId: string };

/** One way of keeping bytes: the database's chunk table or an object store. */
export interface BlobBackend {
  /** Writes every piece of `source` under a new location; on error removes what it wrote and rethrows. */
  write(organizationId: string, documentId: string, fileId: string, source: AsyncIterable<Buffer>): Promise<Location>;
  /** The bytes `range` of a file, in order, in pieces of at most one chunk. */
  read(head: FileHead, organizationId: string, range: ByteRange): AsyncIterable<Buffer>;
  remove(head: Pick<FileHead, 'fileId' | 'location'>, organizationId: string): Promise<void>;
}

export interface Location {
  location: string;
  chunkSize: number | null;
}

const files = schema.documentFiles;
const documentScope = (organizationId: string, documentId: string) =>
  and(eq(files.organizationId, organizationId), eq(files.documentId, documentId));

export class FileStore {
  private readonly chunks: BlobBackend;
  private objects?: Promise<BlobBackend>;

  constructor(
    private readonly store: Store,
    private readonly objectStore?: S3Location,
  ) {
    this.chunks = databaseChunks(store.db);
  }

  /**
   * Streams `source` into the store under a new file id, counting and hashing it; more than `limit` bytes → 413
   * (nothing is kept). The upload is no document's file until `commit`.
   */
  async upload(
    organizationId: string,
    documentId: string,
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
    limit: number,
  ): Promise<Upload> {
    const fileId = randomBytes(16).toString('hex');
    const hash = createHash('md5');
    let size = 0;
    async function* measured() {
      for await (const piece of source) {
        size += piece.byteLength;
        if (size > limit) throw fileTooLarge(limit);
        hash.update(piece);
        yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
      }
    }
    const backend = this.objectStore ? await this.objectBackend() : this.chunks;
    const where = await backend.write(organizationId, documentId, fileId, measured());
    return { organizationId, documentId, fileId, size, md5: hash.digest('base64'), ...where };
  }

  /** In the caller's transaction: `upload` becomes its document's file. Returns the file it replaced (→ `discard`). */
  async commit(tx: Executor, upload: Upload, contentType: string): Promise<FileHead | undefined> {
    const previous = await this.head(tx, upload.organizationId, upload.documentId, true);
    const { fileId, size, md5, location, chunkSize } = upload;
    if (
      chunkSize &&
      (await countChunks(tx, upload.organizationId, fileId)) !== Math.max(1, Math.ceil(size / chunkSize))
    ) {
      // Only an orphan sweep that took a very slow upload for a dead one does this: refuse rather than keep a hole.
      throw new Error(`the chunks of upload ${fileId} were removed before it was committed`);
    }
    const head = { fileId, contentType, size, md5, location, chunkSize };
    await tx
      .insert(files)
      .values({ organizationId: upload.organizationId, documentId: upload.documentId, ...head })
      .onConflictDoUpdate({ target: [files.organizationId, files.documentId], set: head });
    return previous;
  }

  /** In the caller's transaction: the document has no file any more. Returns the file it had (→ `discard`). */
  async detach(tx: Executor, organizationId: string, documentId: string): Promise<FileHead | undefined> {
    const [removed] = await tx.delete(files).where(documentScope(organizationId, documentId)).returning();
    return removed && headOf(removed);
  }

  /** Removes the bytes of a file no document points to any more (after the transaction that detached it). */
  async discard(organizationId: string, file: Pick<FileHead, 'fileId' | 'location'> | undefined): Promise<void> {
    if (file) await (await this.backendOf(file.location)).remove(file, organizationId);
  }

  async head(
    db: Executor,
    organizationId: string,
    documentId: string,
    forUpdate = false,
  ): Promise<FileHead | undefined> {
    const query = db.select().from(files).where(documentScope(organizationId, documentId)).limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row && headOf(row);
  }

  /** The bytes `range` (default: all) of a file, streamed chunk by chunk. */
  async *read(organizationId: string, head: FileHead, range?: ByteRange): AsyncIterable<Buffer> {
    if (head.size === 0) return;
    const backend = await this.backendOf(head.location);
    yield* backend.read(head, organizationId, range ?? { start: 0, end: head.size - 1 });
  }

  /** A whole file in memory (at most the upload limit): for checks that compare whole files. */
  async readAll(
    organizationId: string,
    documentId: string,
  ): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
    const head = await this.head(this.store.db, organizationId, documentId);
    if (!head) return undefined;
    const bytes = new Uint8Array(head.size);
    let at = 0;
    for await (const piece of this.read(organizationId, head)) {
      bytes.set(piece, at);
      at += piece.length;
    }
    return { contentType: head.contentType, bytes };
  }

  /**
   * Removes chunks of uploads that never became a file (the process stopped between writing and committing), older
   * than `minAge` (a PostgreSQL interval): at start, PGlite's data dir has no other writer, so any age; on a shared
   * PostgreSQL another instance may be uploading, so only what no upload can still be writing.
   */
  sweepOrphans(minAge = this.store.kind === 'pglite' ? '0 seconds' : '1 day'): Promise<number> {
    return sweepOrphanChunks(this.store.db, minAge);
  }

  private async backendOf(location: string): Promise<BlobBackend> {
    if (location === 'database') return this.chunks;
    return this.objectBackend();
  }

  /** The S3 client loads on first use: the SDK takes ~1 s and ~20 MiB to import, wasted without DPS_BLOB_URL. */
  private objectBackend(): Promise<BlobBackend> {
    const target = this.objectStore;
    if (!target) {
      return Promise.reject(
        new Error('this file is in object storage, but DPS_BLOB_URL is not set: set it to read the file'),
      );
    }
    this.objects ??= import('./s3-objects').then(({ s3Objects }) => s3Objects(target));
    return this.objects;
  }
}

export function fileTooLarge(limit: number): HttpError {
  return new HttpError(413, `file is larger than the file size limit of ${limit / 1024 / 1024} MiB (${limit} bytes)`);
}

function headOf(row: FileHead): FileHead {
  const { fileId, contentType, size, md5, location, chunkSize } = row;
  return { fileId, contentType, size, md5, location, chunkSize };
}

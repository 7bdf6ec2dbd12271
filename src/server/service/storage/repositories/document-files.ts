/** A document's bytes, apart from its resource: written on create or PUT, read by the file download and recognition. */
import { and, eq } from 'drizzle-orm';
import { pgliteOf, schema, type Executor } from '..';
import { literal, readFirstRowWithBlob, writeWithBlob } from '../pglite-blobs';

const files = schema.documentFiles;
const scope = (organizationId: string, documentId: string) =>
  and(eq(files.organizationId, organizationId), eq(files.documentId, documentId));

export async function deleteDocumentFile(db: Executor, organizationId: string, documentId: string): Promise<void> {
  await db.delete(files).where(scope(organizationId, documentId));
}

/** Replaces the document's file (one per document). */
export async function writeDocumentFile(
  db: Executor,
  organizationId: string,
  documentId: string,
  contentType: string,
  bytes: Uint8Array,
): Promise<void> {
  await deleteDocumentFile(db, organizationId, documentId);
  const pglite = pgliteOf(db);
  if (!pglite) {
    await db.insert(files).values({ organizationId, documentId, contentType, size: bytes.length, bytes });
    return;
  }
  await writeWithBlob(
    pglite,
    `INSERT INTO document_files (organization_id, document_id, content_type, size, bytes)
     VALUES ($1, $2, $3, $4, pg_read_binary_file('/dev/blob'))`,
    [organizationId, documentId, contentType, bytes.length],
    bytes,
  );
}

export async function readDocumentFile(
  db: Executor,
  organizationId: string,
  documentId: string,
): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
  const pglite = pgliteOf(db);
  if (pglite) {
    const row = await readFirstRowWithBlob(
      pglite,
      `SELECT content_type, bytes FROM document_files
        WHERE organization_id = ${literal(organizationId)} AND document_id = ${literal(documentId)}`,
    );
    return row && { contentType: row[0]!.toString('utf8'), bytes: row[1]! };
  }
  const [file] = await db
    .select({ contentType: files.contentType, bytes: files.bytes })
    .from(files)
    .where(scope(organizationId, documentId))
    .limit(1);
  return file;
}

export async function hasDocumentFile(db: Executor, organizationId: string, documentId: string): Promise<boolean> {
  const [row] = await db
    .select({ documentId: files.documentId })
    .from(files)
    .where(scope(organizationId, documentId))
    .limit(1);
  return Boolean(row);
}

/** A document's bytes, apart from its resource: written on create or PUT, read by the file download and recognition. */
import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '..';

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
  await db.insert(files).values({ organizationId, documentId, contentType, size: bytes.length, bytes });
}

export async function readDocumentFile(
  db: Executor,
  organizationId: string,
  documentId: string,
): Promise<{ contentType: string; bytes: Uint8Array } | undefined> {
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

/** Whether a document has a file; its bytes are the file store's (storage/file-store). */
import { and, eq } from 'drizzle-orm';
import { schema, type Executor } from '..';

const files = schema.documentFiles;

export async function hasDocumentFile(db: Executor, organizationId: string, documentId: string): Promise<boolean> {
  const [row] = await db
    .select({ documentId: files.documentId })
    .from(files)
    .where(and(eq(files.organizationId, organizationId), eq(files.documentId, documentId)))
    .limit(1);
  return Boolean(row);
}

/** Documents (their `fileUrl` is added per response: the public URL is configuration, not data). */
import type { Document } from '@/contract';
import type { Executor } from '..';
import { defineRepository, schema } from '..';

export const documentsRepo = defineRepository<Document>({
  table: schema.documents,
  idField: 'documentId',
  noun: 'Document',
  columns: {
    datasetId: (d) => d.datasetId ?? null,
    consentId: (d) => d.consentId ?? null,
    agentRunId: (d) => d.agentRunId ?? null,
  },
});

/** The documentsRepo columns that are each one field's value: a patch of those fields sets them. */
const FIELD_COLUMNS = ['datasetId', 'consentId', 'agentRunId'] as const;

/**
 * A PATCH of a document in one statement (no read first, no transaction around it): `fields` replace theirs in the
 * stored document, the filter columns of the fields given follow them, and the document comes back. 404 when the
 * organization has no such document (nothing written).
 */
export function patchDocument(
  db: Executor,
  organizationId: string,
  documentId: string,
  fields: Partial<Document>,
): Promise<Document> {
  const columns = Object.fromEntries(
    FIELD_COLUMNS.filter((field) => field in fields).map((field) => [field, fields[field] ?? null]),
  );
  return documentsRepo.merge(db, organizationId, documentId, fields, columns);
}

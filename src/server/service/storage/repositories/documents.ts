/** Documents (their `fileUrl` is added per response: the public URL is configuration, not data). */
import type { Document } from '@/contract';
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

/** Seeding documents through the BFF's /api for the documents, viewer and review specs. */
import type { ServiceApi } from '../support/fixtures';
import type { Document, GroundTruthEntry } from '@/contract';

export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export function createDocument(
  api: ServiceApi,
  body: { bytes: Uint8Array; contentType: string; name: string; groundTruth?: GroundTruthEntry[]; datasetId?: string },
): Promise<Document> {
  const { bytes, ...rest } = body;
  return api.post<Document>('/documents', { content: toBase64(bytes), ...rest });
}

/** A dataset id of our own, so list filters show only this test's documents. */
export const newDatasetId = () =>
  `svc:dataset:${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

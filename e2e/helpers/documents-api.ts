/** Seeding documents through the BFF's /api for the documents, viewer and review specs. */
import type { ServiceApi } from '../support/fixtures';

export type CreatedDocument = { documentId: string; name: string; fileUrl?: string; groundTruth?: GroundTruth[] };
export type GroundTruth = { label: string; value: string; pages?: number[]; rawValue?: string; confidence?: number };

export const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

export function createDocument(
  api: ServiceApi,
  body: { bytes: Uint8Array; contentType: string; name: string; groundTruth?: GroundTruth[]; datasetId?: string },
): Promise<CreatedDocument> {
  const { bytes, ...rest } = body;
  return api.post<CreatedDocument>('/documents', { content: toBase64(bytes), ...rest });
}

/** A dataset id of our own, so list filters show only this test's documents. */
export const newDatasetId = () => `svc:dataset:${Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;

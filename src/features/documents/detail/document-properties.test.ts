import { describe, expect, it } from 'vitest';
import type { Document } from '@/contract';
import { clearingProblem, propertiesFormSchema, propertiesFromDocument, propertiesPatch } from './document-properties';

const document: Document = {
  documentId: `svc:document:${'a'.repeat(32)}`,
  name: 'Invoice',
  description: null,
  metadata: { source: 'scan' },
  retentionInDays: 30,
  datasetId: null,
  createdTime: '2026-01-01T00:00:00Z',
  updatedTime: null,
  createdBy: null,
  updatedBy: null,
};

describe('document properties form', () => {
  it('sends only what changed', () => {
    const values = { ...propertiesFromDocument(document), description: 'Checked', retentionInDays: '365' };
    expect(propertiesPatch(document, values)).toEqual({ description: 'Checked', retentionInDays: 365 });
    expect(propertiesPatch(document, propertiesFromDocument(document))).toEqual({});
  });

  it('checks retention 1…1825, dataset ids and metadata JSON', () => {
    const base = propertiesFromDocument(document);
    expect(propertiesFormSchema.safeParse({ ...base, retentionInDays: '1826' }).success).toBe(false);
    expect(propertiesFormSchema.safeParse({ ...base, retentionInDays: '1825' }).success).toBe(true);
    expect(propertiesFormSchema.safeParse({ ...base, datasetId: 'svc:dataset:xyz' }).success).toBe(false);
    expect(propertiesFormSchema.safeParse({ ...base, datasetId: `svc:dataset:${'b'.repeat(32)}` }).success).toBe(true);
    expect(propertiesFormSchema.safeParse({ ...base, metadata: '[1]' }).success).toBe(false);
  });

  it('refuses to clear what PATCH cannot clear', () => {
    expect(clearingProblem(document, { ...propertiesFromDocument(document), retentionInDays: '' })).toMatch(
      /Retention/,
    );
  });
});

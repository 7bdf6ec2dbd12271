import { describe, expect, it } from 'vitest';
import type { Model } from '@/contract';
import { buildCreateBody, buildUpdateBody, formValuesFromModel, modelFormSchema } from './model-form-values';

const model: Model = {
  modelId: 'svc:model:abc',
  name: 'Invoices',
  description: null,
  status: 'active',
  llmVersion: 'sonnet-4.5',
  confidenceVersion: 'v2',
  fieldConfig: { total: { type: 'amount' } },
  preprocessConfig: { autoRotate: false, maxPages: 10, rotation: 90, imageQuality: 'high' },
  postprocessConfig: { strategy: 'BEST_FIRST', outputFormat: 'v1' },
  metadata: {},
  createdTime: '2024-01-01T00:00:00.000000Z',
  updatedTime: null,
  createdBy: null,
  updatedBy: null,
};

describe('model form values', () => {
  it('reopens a model and saves nothing when nothing changed', () => {
    const values = formValuesFromModel(model);
    expect(modelFormSchema.safeParse(values).success).toBe(true);
    expect(buildUpdateBody(values, model, undefined)).toBeUndefined();
  });

  it('sends only what changed, keeping explicit false switches and dropping response-only fields', () => {
    const values = formValuesFromModel(model);
    values.preprocess.deskewImage = true;
    values.status = 'inactive';
    expect(buildUpdateBody(values, model, undefined)).toEqual({
      status: 'inactive',
      preprocessConfig: { autoRotate: false, maxPages: 10, deskewImage: true },
    });
  });

  it('names out-of-range preprocess values with the contract rule', () => {
    const values = formValuesFromModel();
    values.name = 'x';
    values.preprocess.startPage = '-1';
    values.preprocess.maxPages = '0';
    values.preprocess.pages = '1, two';
    const result = modelFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'preprocess.startPage: Start page must be an integer >= 0',
      'preprocess.maxPages: Max pages must be an integer >= 1',
      'preprocess.pages: Pages must be page indexes (integers >= 0, 0 is the first page) separated by commas',
    ]);
  });

  it('builds a create body without defaults the operator did not choose', () => {
    const values = { ...formValuesFromModel(), name: ' Receipts ' };
    values.preprocess.pages = '0, 2';
    expect(buildCreateBody(values, { total: { type: 'amount' } })).toEqual({
      name: 'Receipts',
      description: null,
      fieldConfig: { total: { type: 'amount' } },
      preprocessConfig: { pages: [0, 2] },
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { Model } from '@/contract';
import { labelsModel } from './labels-model';

const model = (modelId: string, fields: string[]) =>
  ({ modelId, fieldConfig: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])) }) as unknown as Model;
const invoice = model('svc:model:invoice', ['total', 'date', 'vendor']);
const receipt = model('svc:model:receipt', ['total', 'shop']);

describe('the model whose fields are offered as labels', () => {
  it('is the chosen one when there is a choice, none when the choice is unknown', () => {
    expect(labelsModel([invoice, receipt], receipt.modelId, [{ label: 'date', value: '1' }])).toBe(receipt);
    expect(labelsModel([invoice, receipt], 'svc:model:gone', [{ label: 'date', value: '1' }])).toBeNull();
  });

  it('else the model sharing the most labels with the ground truth', () => {
    const truth = [
      { label: 'total', value: '1' },
      { label: 'shop', value: 'A' },
    ];
    expect(labelsModel([invoice, receipt], null, truth)).toBe(receipt);
    expect(
      labelsModel([invoice, receipt], null, [...truth, { label: 'date', value: '1' }, { label: 'vendor', value: 'B' }]),
    ).toBe(invoice);
  });

  it('else none', () => {
    expect(labelsModel([invoice, receipt], null, [{ label: 'iban', value: 'X' }])).toBeNull();
    expect(labelsModel([invoice], null, null)).toBeNull();
  });
});

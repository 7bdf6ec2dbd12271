import { describe, expect, it } from 'vitest';
import {
  attentionOf,
  diffRows,
  entriesFromRows,
  labelsFromFieldConfig,
  parsePages,
  rowsFromEntries,
  sameEntries,
} from './ground-truth-rows';

describe('ground-truth rows', () => {
  it('round-trips entries losslessly (optional fields stay absent)', () => {
    const entries = [
      { label: 'total', value: '12.00', pages: [0], rawValue: '12,00', confidence: 0.4 },
      { label: 'iban', value: '' },
    ];
    expect(entriesFromRows(rowsFromEntries(entries))).toEqual(entries);
    expect(sameEntries(entriesFromRows(rowsFromEntries(entries)), entries)).toBe(true);
  });

  it('parses page lists shown 1-based into 0-based indices', () => {
    expect(parsePages('1, 3-4')).toEqual([0, 2, 3]);
    expect(parsePages('')).toEqual([]);
    expect(parsePages('0')).toBeNull();
    expect(parsePages('two')).toBeNull();
  });

  it('says which rows need attention', () => {
    expect(attentionOf({ key: 'a', label: '', value: 'x' }, 0.8)).toBe('missing-label');
    expect(attentionOf({ key: 'a', label: 'l', value: ' ' }, 0.8)).toBe('empty');
    expect(attentionOf({ key: 'a', label: 'l', value: 'x', confidence: 0.5 }, 0.8)).toBe('low-confidence');
    expect(attentionOf({ key: 'a', label: 'l', value: 'x', confidence: 0.9 }, 0.8)).toBeNull();
  });

  it('diffs by row identity: added, removed, changed fields, moves', () => {
    const saved = rowsFromEntries([
      { label: 'a', value: '1' },
      { label: 'b', value: '2' },
      { label: 'c', value: '3' },
    ]);
    const edited = [{ ...saved[1], value: '20' }, saved[0], { key: 'new', label: 'd', value: '4' }];
    const kinds = diffRows(saved, edited).map((c) => `${c.kind}:${c.row.label}`);
    expect(kinds).toEqual(expect.arrayContaining(['changed:b', 'moved:b', 'added:d', 'removed:c']));
    const changed = diffRows(saved, edited).find((c) => c.kind === 'changed');
    expect(changed && changed.kind === 'changed' && changed.fields).toEqual([{ field: 'value', from: '2', to: '20' }]);
  });

  it('offers labels from a field configuration, columns of nested fields as field.column', () => {
    expect(
      labelsFromFieldConfig({
        total: { type: 'amount' },
        lines: { type: 'lines', fields: { qty: { type: 'number' }, sku: { type: 'string' } } },
      }),
    ).toEqual(['total', 'lines.qty', 'lines.sku']);
  });
});

import { describe, expect, it } from 'vitest';
import { listedRows, nextAttentionKey, swapListedRow } from './field-order';
import type { GroundTruthRow } from './ground-truth-rows';
import type { TableSpec } from './table-grid';

const tables: TableSpec[] = [{ field: 'line_items', columns: ['amount'] }];
const row = (key: string, label: string, value = 'x', confidence?: number): GroundTruthRow => ({
  key,
  label,
  value,
  confidence,
});
const keys = (rows: readonly GroundTruthRow[]) => rows.map((r) => r.key);

describe('the editor’s list of fields', () => {
  // A, a table cell, B, C: the list shows A, B, C.
  const all = [row('a', 'total'), row('t', 'line_items.amount'), row('b', 'date'), row('c', 'vendor')];

  it('lists every entry but the tables’ cells', () => {
    expect(keys(listedRows(all, tables))).toEqual(['a', 'b', 'c']);
  });

  it('moves a field past its listed neighbour and leaves the table cell in between where it is', () => {
    expect(keys(swapListedRow(all, tables, 'a', 1))).toEqual(['b', 't', 'a', 'c']);
    expect(keys(swapListedRow(all, tables, 'c', -1))).toEqual(['a', 't', 'c', 'b']);
  });

  it('does not move the first field up, the last down, or an unknown one', () => {
    expect(swapListedRow(all, tables, 'a', -1)).toBe(all);
    expect(swapListedRow(all, tables, 'c', 1)).toBe(all);
    expect(swapListedRow(all, tables, 'nope', 1)).toBe(all);
  });
});

describe('Enter: the next field that needs attention', () => {
  const ordered = [row('a', 'total'), row('b', 'date', ''), row('c', 'vendor', 'v', 0.2), row('d', 'iban')];

  it('goes to the next one after the current field, wrapping', () => {
    expect(nextAttentionKey(ordered, 'a', 0.8)).toBe('b');
    expect(nextAttentionKey(ordered, 'b', 0.8)).toBe('c');
    expect(nextAttentionKey(ordered, 'd', 0.8)).toBe('b');
  });

  it('follows the threshold, and never lands on the field it starts from', () => {
    expect(nextAttentionKey(ordered, 'b', 0.1)).toBeNull();
    expect(nextAttentionKey([row('a', '')], 'a', 0.8)).toBeNull();
  });
});

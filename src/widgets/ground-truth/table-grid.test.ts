import { describe, expect, it } from 'vitest';
import type { GroundTruthEntry } from '@/contract';
import { entriesFromRows, labelsFromFieldConfig, rowsFromEntries, type GroundTruthRow } from './ground-truth-rows';
import {
  addGridRow,
  cellKey,
  columnWidths,
  findCell,
  gridFromRows,
  moveGridRow,
  patchCell,
  removeGridRow,
  tablesFromLabels,
  type TableSpec,
} from './table-grid';

const spec: TableSpec = { field: 'line_items', columns: ['description', 'quantity', 'amount'] };
const tables = [spec];
const cell = (column: string, value: string, extra: Partial<GroundTruthEntry> = {}): GroundTruthEntry => ({
  label: `line_items.${column}`,
  value,
  ...extra,
});
/** The grid as values, row by row, '·' for a cell with no entry. */
const values = (rows: GroundTruthRow[]) =>
  gridFromRows(rows, spec).rows.map((row) =>
    gridFromRows(rows, spec).columns.map((c) => row.cells.get(c)?.value ?? '·'),
  );

describe('tables from the model', () => {
  it('groups field.column labels into tables with the model’s columns in order', () => {
    const labels = labelsFromFieldConfig({
      total: { type: 'amount' },
      line_items: { type: 'lines', fields: { description: { type: 'string' }, amount: { type: 'amount' } } },
      taxes: { type: 'table', fields: { rate: { type: 'number' } } },
    });
    expect(tablesFromLabels(labels)).toEqual([
      { field: 'line_items', columns: ['description', 'amount'] },
      { field: 'taxes', columns: ['rate'] },
    ]);
  });
});

describe('grid ⇄ entries', () => {
  it('reads dotted entries row by row: a column seen again starts the next row; other labels stay out', () => {
    const rows = rowsFromEntries([
      { label: 'total', value: '30' },
      cell('description', 'Paper', { pages: [0], confidence: 0.9 }),
      cell('quantity', '2'),
      cell('amount', '10'),
      cell('description', 'Toner'),
      cell('amount', '20'),
      { label: 'currency', value: 'EUR' },
    ]);
    expect(values(rows)).toEqual([
      ['Paper', '2', '10'],
      ['Toner', '·', '20'],
    ]);
    // A grid row is identified by its first cell (stable across edits).
    const grid = gridFromRows(rows, spec);
    expect(grid.rows[0].key).toBe(rows[1].key);
    expect(grid.rows[0].cells.get('description')).toMatchObject({ pages: [0], confidence: 0.9 });
  });

  it('keeps columns the model does not name, after the model’s', () => {
    const grid = gridFromRows(rowsFromEntries([cell('description', 'A'), cell('sku', 'X-1')]), spec);
    expect(grid.columns).toEqual(['description', 'quantity', 'amount', 'sku']);
  });

  it('untouched entries come back byte for byte', () => {
    const entries = [
      cell('amount', '5', { rawValue: '5,00', pages: [1], confidence: 0.4 }),
      cell('description', 'x'),
      cell('amount', '6'),
      { label: 'total', value: '11' },
    ];
    const rows = rowsFromEntries(entries);
    expect(entriesFromRows(rows)).toEqual(entries);
  });

  it('filling a cell updates its entry in place, or adds the missing one at the end of its row', () => {
    let rows = rowsFromEntries([
      cell('description', 'Paper'),
      cell('amount', '10'),
      cell('description', 'Toner'),
      cell('amount', '20'),
    ]);
    const [first] = gridFromRows(rows, spec).rows;
    rows = patchCell(rows, tables, first.cells.get('amount')!.key, { value: '11', pages: [0] });
    rows = patchCell(rows, tables, cellKey(first.key, 'quantity'), { value: '2', pages: [0] });
    expect(entriesFromRows(rows)).toEqual([
      cell('description', 'Paper'),
      cell('amount', '11', { pages: [0] }),
      cell('quantity', '2', { pages: [0] }),
      cell('description', 'Toner'),
      cell('amount', '20'),
    ]);
    expect(values(rows)).toEqual([
      ['Paper', '2', '11'],
      ['Toner', '·', '20'],
    ]);
    // The cell that was filled keeps the key it was focused under.
    expect(findCell(rows, tables, cellKey(first.key, 'quantity'))).toMatchObject({
      label: 'line_items.quantity',
      value: '2',
    });
  });

  it('a missing cell is found as an empty one before it is filled; a cell of a removed row is not', () => {
    const rows = rowsFromEntries([cell('description', 'Paper')]);
    const [first] = gridFromRows(rows, spec).rows;
    expect(findCell(rows, tables, cellKey(first.key, 'amount'))).toMatchObject({
      label: 'line_items.amount',
      value: '',
    });
    expect(findCell(removeGridRow(rows, spec, first.key), tables, cellKey(first.key, 'amount'))).toBeNull();
  });

  it('adds a row of empty cells after the table (or at the end when it has none)', () => {
    const start = rowsFromEntries([{ label: 'total', value: '1' }]);
    const added = addGridRow(start, spec);
    expect(entriesFromRows(added.rows)).toEqual([
      { label: 'total', value: '1' },
      cell('description', '', { pages: [] }),
      cell('quantity', '', { pages: [] }),
      cell('amount', '', { pages: [] }),
    ]);
    expect(gridFromRows(added.rows, spec).rows.map((r) => r.key)).toEqual([added.rowKey]);
    const twice = addGridRow([...added.rows, ...rowsFromEntries([{ label: 'currency', value: 'EUR' }])], spec);
    expect(entriesFromRows(twice.rows).map((e) => e.label)).toEqual([
      'total',
      'line_items.description',
      'line_items.quantity',
      'line_items.amount',
      'line_items.description',
      'line_items.quantity',
      'line_items.amount',
      'currency',
    ]);
  });

  it('moves and removes whole rows; a table split by other entries is gathered where it starts', () => {
    let rows = rowsFromEntries([
      cell('description', 'A'),
      cell('amount', '1'),
      { label: 'total', value: '6' },
      cell('description', 'B'),
      cell('amount', '2'),
      cell('description', 'C'),
      cell('amount', '3'),
    ]);
    const keys = gridFromRows(rows, spec).rows.map((r) => r.key);
    rows = moveGridRow(rows, spec, keys[2], -1);
    expect(values(rows).map((r) => r[0])).toEqual(['A', 'C', 'B']);
    rows = moveGridRow(rows, spec, keys[0], -1); // already first: no change
    expect(values(rows).map((r) => r[0])).toEqual(['A', 'C', 'B']);
    rows = removeGridRow(rows, spec, keys[0]);
    expect(entriesFromRows(rows)).toEqual([
      cell('description', 'C'),
      cell('amount', '3'),
      cell('description', 'B'),
      cell('amount', '2'),
      { label: 'total', value: '6' },
    ]);
    expect(gridFromRows(rows, spec).rows.map((r) => r.key)).toEqual([keys[2], keys[1]]);
  });

  it('a row change that would merge two sparse rows on reading completes the row before with empty cells', () => {
    // Rows {description}, {description, quantity}, {quantity}: removing the middle one would leave description, quantity
    // — read back as one row. The first row gets its missing cells so the rows stay apart.
    const rows = rowsFromEntries([
      cell('description', 'A'),
      cell('description', 'B'),
      cell('quantity', '2'),
      cell('quantity', '3'),
    ]);
    const keys = gridFromRows(rows, spec).rows.map((r) => r.key);
    expect(keys).toHaveLength(3);
    const after = removeGridRow(rows, spec, keys[1]);
    expect(values(after)).toEqual([
      ['A', '', ''],
      ['·', '3', '·'],
    ]);
    expect(gridFromRows(after, spec).rows.map((r) => r.key)).toEqual([keys[0], keys[2]]);
    // Moving a sparse row up is kept apart the same way.
    const moved = moveGridRow(rows, spec, keys[2], -1);
    expect(values(moved)).toEqual([
      ['A', '', ''],
      ['', '3', ''],
      ['B', '2', '·'],
    ]);
  });
});

describe('grid column widths', () => {
  it('follow the longest value or name of each column, within bounds', () => {
    const cells = (values: Record<string, string>) =>
      new Map(Object.entries(values).map(([column, value]) => [column, { key: column, label: `t.${column}`, value }]));
    const widths = columnWidths({
      columns: ['description', 'amount', 'qty'],
      rows: [
        { key: 'r1', cells: cells({ description: 'Widget', amount: '1,234,567,890.00 EUR', qty: '1' }) },
        { key: 'r2', cells: cells({ description: 'x'.repeat(200), amount: '5' }) },
      ],
    } as never);
    expect(widths.get('amount')).toBe('1,234,567,890.00 EUR'.length + 1);
    expect(widths.get('description')).toBe(36);
    expect(widths.get('qty')).toBe(7);
  });
});

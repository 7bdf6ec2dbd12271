/**
 * Tables (a model's `lines` and `table` fields) as grids over the ground-truth rows, pure. The wire format stays the
 * service's: one entry per cell labelled `<field>.<column>`, a row's cells one after another; reading them back, a
 * column seen again starts the next row. The grid is only a view: every edit is made on the flat rows, so what the
 * operator did not touch is saved exactly as it was, and the draft's diff and unsaved-edit guard see every change.
 */
import { newRowKey, type GroundTruthRow } from './ground-truth-rows';

export type TableSpec = { field: string; columns: string[] };

export type GridRow = {
  /** The key of the row's first cell: stable while the row exists. */
  key: string;
  /** Its cells by column; a column without an entry has none. */
  cells: Map<string, GroundTruthRow>;
  /** Its cells in the order they are stored. */
  order: GroundTruthRow[];
};

export type TableGrid = { spec: TableSpec; columns: string[]; rows: GridRow[] };

/** The tables among a model's labels: `field.column` labels grouped by field, columns in the model's order. */
export function tablesFromLabels(labels: readonly string[]): TableSpec[] {
  const tables = new Map<string, string[]>();
  for (const label of labels) {
    const dot = label.indexOf('.');
    if (dot <= 0) continue;
    const field = label.slice(0, dot);
    tables.set(field, [...(tables.get(field) ?? []), label.slice(dot + 1)]);
  }
  return [...tables].map(([field, columns]) => ({ field, columns }));
}

const columnOf = (label: string, field: string) =>
  label.startsWith(`${field}.`) ? label.slice(field.length + 1) : null;

/** The table the label is a cell of, if any. */
export const tableOfLabel = (label: string, tables: readonly TableSpec[]) =>
  tables.find((t) => columnOf(label, t.field) !== null) ?? null;

/** The grid of one table, read from the flat rows. */
export function gridFromRows(rows: readonly GroundTruthRow[], spec: TableSpec): TableGrid {
  const columns = [...spec.columns];
  const gridRows: GridRow[] = [];
  let current: GridRow | null = null;
  for (const row of rows) {
    const column = columnOf(row.label, spec.field);
    if (column === null || column === '') continue;
    if (!columns.includes(column)) columns.push(column);
    if (!current || current.cells.has(column)) {
      current = { key: row.key, cells: new Map(), order: [] };
      gridRows.push(current);
    }
    current.cells.set(column, row);
    current.order.push(row);
  }
  return { spec, columns, rows: gridRows };
}

/** Key of a cell that has no entry yet: the row's key and the column. Filling it creates the entry under this key. */
export const cellKey = (rowKey: string, column: string) => `${rowKey}~${column}`;

function parseCellKey(key: string, tables: readonly TableSpec[], rows: readonly GroundTruthRow[]) {
  const tilde = key.lastIndexOf('~');
  if (tilde <= 0) return null;
  const rowKey = key.slice(0, tilde);
  const column = key.slice(tilde + 1);
  for (const spec of tables) {
    const grid = gridFromRows(rows, spec);
    const row = grid.rows.find((r) => r.key === rowKey);
    if (row && grid.columns.includes(column) && !row.cells.has(column)) return { spec, row, column };
  }
  return null;
}

/** The row a key names: a stored entry, or an empty cell of a table row that has no entry for its column yet. */
export function findCell(
  rows: readonly GroundTruthRow[],
  tables: readonly TableSpec[],
  key: string | null,
): GroundTruthRow | null {
  if (key === null) return null;
  const stored = rows.find((row) => row.key === key);
  if (stored) return stored;
  const missing = parseCellKey(key, tables, rows);
  return missing ? { key, label: `${missing.spec.field}.${missing.column}`, value: '' } : null;
}

/**
 * Changes the row a key names. A table cell without an entry gets one, placed after its row's last cell (its row
 * still reads back the same, and the next row still starts where it did).
 */
export function patchCell(
  rows: readonly GroundTruthRow[],
  tables: readonly TableSpec[],
  key: string,
  patch: Partial<Omit<GroundTruthRow, 'key'>>,
): GroundTruthRow[] {
  if (rows.some((row) => row.key === key)) return rows.map((row) => (row.key === key ? { ...row, ...patch } : row));
  const missing = parseCellKey(key, tables, rows);
  if (!missing) return [...rows];
  const last = missing.row.order[missing.row.order.length - 1];
  const at = rows.indexOf(last) + 1;
  const created: GroundTruthRow = { key, label: `${missing.spec.field}.${missing.column}`, value: '', ...patch };
  return [...rows.slice(0, at), created, ...rows.slice(at)];
}

/**
 * Writes a table's rows back into the flat rows, in place of its current entries (at the first one's position, or at
 * the end). Where a row would not start with a column the row before it has — and so be read back as part of it —
 * the row before gets empty cells for the columns it lacks.
 */
function writeTable(
  rows: readonly GroundTruthRow[],
  spec: TableSpec,
  columns: readonly string[],
  table: GroundTruthRow[][],
): GroundTruthRow[] {
  const laidOut: GroundTruthRow[] = [];
  table.forEach((cells, index) => {
    const next = table[index + 1];
    const has = new Set(cells.map((c) => columnOf(c.label, spec.field)));
    const nextStart = next?.[0] && columnOf(next[0].label, spec.field);
    const completed =
      nextStart && !has.has(nextStart)
        ? [
            ...cells,
            ...columns
              .filter((c) => !has.has(c))
              .map((c) => ({ key: newRowKey(), label: `${spec.field}.${c}`, value: '', pages: [] })),
          ]
        : cells;
    laidOut.push(...completed);
  });
  const isCell = (row: GroundTruthRow) => columnOf(row.label, spec.field);
  const first = rows.findIndex(isCell);
  const others = rows.filter((row) => !isCell(row));
  const at = first < 0 ? others.length : rows.slice(0, first).filter((row) => !isCell(row)).length;
  return [...others.slice(0, at), ...laidOut, ...others.slice(at)];
}

/** Adds a row of empty cells, one per column, after the table's last row. */
export function addGridRow(
  rows: readonly GroundTruthRow[],
  spec: TableSpec,
): { rows: GroundTruthRow[]; rowKey: string } {
  const grid = gridFromRows(rows, spec);
  const cells = grid.columns.map((column) => ({
    key: newRowKey(),
    label: `${spec.field}.${column}`,
    value: '',
    pages: [] as number[],
  }));
  const table = [...grid.rows.map((r) => r.order), cells];
  const placed = writeTable(rows, spec, grid.columns, table);
  return { rows: placed, rowKey: cells[0].key };
}

export function removeGridRow(rows: readonly GroundTruthRow[], spec: TableSpec, rowKey: string): GroundTruthRow[] {
  const grid = gridFromRows(rows, spec);
  if (!grid.rows.some((r) => r.key === rowKey)) return [...rows];
  return writeTable(
    rows,
    spec,
    grid.columns,
    grid.rows.filter((r) => r.key !== rowKey).map((r) => r.order),
  );
}

export function moveGridRow(
  rows: readonly GroundTruthRow[],
  spec: TableSpec,
  rowKey: string,
  by: -1 | 1,
): GroundTruthRow[] {
  const grid = gridFromRows(rows, spec);
  const i = grid.rows.findIndex((r) => r.key === rowKey);
  const j = i + by;
  if (i < 0 || j < 0 || j >= grid.rows.length) return [...rows];
  const order = grid.rows.map((r) => r.order);
  [order[i], order[j]] = [order[j], order[i]];
  return writeTable(rows, spec, grid.columns, order);
}

// Columns are as wide as their longest value (or name) in characters, within these bounds; the grid scrolls sideways
// when they do not fit, and a value longer than the widest column shows whole on hover and below the grid when focused.
const MIN_COLUMN_CH = 7;
export const MAX_COLUMN_CH = 36;

export function columnWidths({ columns, rows }: Pick<TableGrid, 'columns' | 'rows'>): Map<string, number> {
  const widths = new Map<string, number>();
  for (const column of columns) {
    let longest = column.length;
    for (const row of rows) longest = Math.max(longest, row.cells.get(column)?.value.length ?? 0);
    widths.set(column, Math.min(MAX_COLUMN_CH, Math.max(MIN_COLUMN_CH, longest + 1)));
  }
  return widths;
}

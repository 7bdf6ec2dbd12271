import { useRef, type KeyboardEvent } from 'react';
import { attentionOf, type GroundTruthRow } from './ground-truth-rows';
import { GridActiveCell, GridRow, type ActiveCell } from './ground-truth-grid-row';
import { cellKey, columnWidths, type TableGrid } from './table-grid';

export type GroundTruthTableProps = {
  grid: TableGrid;
  activeKey: string | null;
  threshold: number;
  /** Whether the operator may change the cells, add, move and remove rows. */
  canWrite: boolean;
  /** Notes per label (`line_items.amount`): a validation's issues in review. */
  notes?: ReadonlyMap<string, string[]>;
  /** A cell got focus; a cell without an entry yet comes as an empty row under its `cellKey`. */
  onActivate: (row: GroundTruthRow) => void;
  onCellChange: (key: string, value: string) => void;
  /** Returns the new row's key. */
  onAddRow: () => string;
  onRemoveRow: (rowKey: string) => void;
  onMoveRow: (rowKey: string, by: -1 | 1) => void;
};

/** The cell whose key is active, with its row's position and column. */
function findActiveCell({ columns, rows }: TableGrid, activeKey: string | null): ActiveCell | null {
  for (const [index, row] of rows.entries())
    for (const column of columns) {
      const cell = row.cells.get(column);
      if ((cell?.key ?? cellKey(row.key, column)) === activeKey) return { index, column, cell };
    }
  return null;
}

/**
 * A `lines`/`table` field as a grid: one row per line, one column per column of the model. A cell is filled by typing
 * or, once focused, by selecting its value on the page. Rows are added, moved (buttons or Alt+↑/↓) and removed.
 */
export function GroundTruthTable(props: GroundTruthTableProps) {
  const { grid, activeKey, threshold, canWrite, notes } = props;
  const { spec, columns, rows } = grid;
  const field = spec.field;
  const { host, add, remove, move, onCellKeyDown } = useGridRowActions(props);
  const activeCell = findActiveCell(grid, activeKey);
  const widths = columnWidths(grid);
  const tableNotes = distinctNotes(grid, notes);

  return (
    <section className="gt-table" ref={host} aria-labelledby={`gt-table-${field}`}>
      <GridHead grid={grid} threshold={threshold} />
      {rows.length > 0 ? (
        <div className="gt-table__scroll">
          <table className="gt-grid" aria-label={`${field}: ${rows.length} ${rows.length === 1 ? 'row' : 'rows'}`}>
            <thead>
              <tr>
                <th scope="col" className="gt-grid__index">
                  <span className="sr-only">Row</span>
                </th>
                {columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
                {canWrite && (
                  <th scope="col" className="gt-grid__actions">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <GridRow
                  key={row.key}
                  row={row}
                  index={index}
                  count={rows.length}
                  field={field}
                  columns={columns}
                  widths={widths}
                  activeKey={activeKey}
                  threshold={threshold}
                  canWrite={canWrite}
                  onActivate={props.onActivate}
                  onCellChange={props.onCellChange}
                  onCellKeyDown={onCellKeyDown}
                  onMove={move}
                  onRemove={remove}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="gt-table__empty muted">
          No rows yet
          {canWrite ? ': add one, then fill its cells by selecting each value on the page or typing it.' : '.'}
        </p>
      )}
      {activeCell && <GridActiveCell active={activeCell} />}
      {tableNotes.length > 0 && (
        <p className="gt-row__note gt-table__notes">
          {tableNotes.map((note) => (
            <span key={note}>{note}</span>
          ))}
        </p>
      )}
      {canWrite && (
        <button type="button" className="button gt-table__add" data-add-row onClick={add}>
          Add {field} row
        </button>
      )}
    </section>
  );
}

/**
 * Adding, removing and moving rows (buttons or Alt+↑/↓ in a cell), each followed by the focus going where the
 * operator goes on: the new row, the neighbour of a removed one (or the add button), the moved row.
 */
function useGridRowActions({
  grid: { rows },
  canWrite,
  onAddRow,
  onRemoveRow,
  onMoveRow,
}: Pick<GroundTruthTableProps, 'grid' | 'canWrite' | 'onAddRow' | 'onRemoveRow' | 'onMoveRow'>) {
  const host = useRef<HTMLElement>(null);
  const focus = (selector: string) =>
    requestAnimationFrame(() => host.current?.querySelector<HTMLElement>(selector)?.focus());

  const add = () => {
    const rowKey = onAddRow();
    focus(`[data-grid-row="${rowKey}"] input`);
  };
  const remove = (index: number) => {
    const neighbour = rows[index + 1] ?? rows[index - 1];
    onRemoveRow(rows[index].key);
    focus(neighbour ? `[data-grid-row="${neighbour.key}"] input` : '[data-add-row]');
  };
  const move = (rowKey: string, by: -1 | 1, refocus: string) => {
    onMoveRow(rowKey, by);
    focus(refocus);
  };
  const onCellKeyDown = (event: KeyboardEvent<HTMLInputElement>, rowKey: string) => {
    if (!canWrite || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    // The editor's row handler must not move anything else.
    event.stopPropagation();
    move(
      rowKey,
      event.key === 'ArrowUp' ? -1 : 1,
      `[data-row="${event.currentTarget.closest('[data-row]')?.getAttribute('data-row')}"] input`,
    );
  };
  return { host, add, remove, move, onCellKeyDown };
}

/** A validation notes each cell of a column alike; one line per distinct note (and distinct React keys). */
function distinctNotes({ spec, columns }: TableGrid, notes: ReadonlyMap<string, string[]> | undefined): string[] {
  return [
    ...new Set(
      columns.flatMap((column) => (notes?.get(`${spec.field}.${column}`) ?? []).map((note) => `${column}: ${note}`)),
    ),
  ];
}

/** The grid's title, row count and how many of its cells need attention. */
function GridHead({ grid: { spec, rows }, threshold }: { grid: TableGrid; threshold: number }) {
  const attention = rows.reduce(
    (n, row) => n + [...row.cells.values()].filter((cell) => attentionOf(cell, threshold)).length,
    0,
  );
  return (
    <div className="gt-table__head">
      <h3 className="gt-table__title" id={`gt-table-${spec.field}`}>
        {spec.field}
      </h3>
      <span className="gt-table__count">
        {rows.length} {rows.length === 1 ? 'row' : 'rows'}
        {attention > 0 && (
          <>
            {' '}
            ·{' '}
            <span className="gt-attention-text">
              {attention} {attention === 1 ? 'cell needs' : 'cells need'} attention
            </span>
          </>
        )}
      </span>
    </div>
  );
}

import { useRef, type KeyboardEvent } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { attentionOf, type GroundTruthRow } from './ground-truth-rows';
import { GridActiveCell, GridRow, type ActiveCell } from './ground-truth-grid-row';
import { cellKey, columnWidths, type TableGrid } from './table-grid';

/** Finds, in the grid's section, the element to focus after an edit. */
export type FindInGrid = (grid: HTMLElement) => HTMLElement | null;

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
  const rowCount = rows.length;

  return (
    <section className="gt-table" ref={host} aria-labelledby={`gt-table-${field}`}>
      <GridHead grid={grid} threshold={threshold} />
      {rows.length > 0 ? (
        <div className="gt-table__scroll">
          <table
            className="gt-grid"
            aria-label={plural(rowCount, { one: `${field}: # row`, other: `${field}: # rows` })}
          >
            <GridColumnsHead columns={columns} canWrite={canWrite} />
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
          {canWrite
            ? t`No rows yet: add one, then fill its cells by selecting each value on the page or typing it.`
            : t`No rows yet.`}
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
          <Trans>Add {field} row</Trans>
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
  // Read when the frame comes: the row added or moved is drawn only after this render.
  const focus = (find: FindInGrid) =>
    requestAnimationFrame(() => {
      if (host.current) find(host.current)?.focus();
    });
  const firstInput =
    (rowKey: string): FindInGrid =>
    (grid) =>
      grid.querySelector<HTMLElement>(`[data-grid-row="${rowKey}"] input`);

  const add = () => {
    const rowKey = onAddRow();
    focus(firstInput(rowKey));
  };
  const remove = (index: number) => {
    const neighbour = rows[index + 1] ?? rows[index - 1];
    onRemoveRow(rows[index].key);
    focus(neighbour ? firstInput(neighbour.key) : (grid) => grid.querySelector<HTMLElement>('[data-add-row]'));
  };
  const move = (rowKey: string, by: -1 | 1, refocus: FindInGrid) => {
    onMoveRow(rowKey, by);
    focus(refocus);
  };
  const onCellKeyDown = (event: KeyboardEvent<HTMLInputElement>, rowKey: string) => {
    if (!canWrite || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    // The editor's row handler must not move anything else.
    event.stopPropagation();
    const cell = event.currentTarget.closest('[data-row]')?.getAttribute('data-row');
    move(rowKey, event.key === 'ArrowUp' ? -1 : 1, (grid) =>
      grid.querySelector<HTMLElement>(`[data-row="${cell}"] input`),
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
  const rowCount = rows.length;
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
        <Plural value={rowCount} one="# row" other="# rows" />
        {attention > 0 && (
          <>
            {' '}
            ·{' '}
            <span className="gt-attention-text">
              <Plural value={attention} one="# cell needs attention" other="# cells need attention" />
            </span>
          </>
        )}
      </span>
    </div>
  );
}

/** The grid's column headers: the row number, the model's columns, and (for writers) the actions. */
function GridColumnsHead({ columns, canWrite }: { columns: readonly string[]; canWrite: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="gt-grid__index">
          <span className="sr-only">
            <Trans>Row</Trans>
          </span>
        </th>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {canWrite && (
          <th scope="col" className="gt-grid__actions">
            <span className="sr-only">
              <Trans>Actions</Trans>
            </span>
          </th>
        )}
      </tr>
    </thead>
  );
}

import { useRef, type CSSProperties, type KeyboardEvent } from 'react';
import { attentionOf, ATTENTION_TEXT, formatPages, type GroundTruthRow } from './ground-truth-rows';
import { cellKey, columnWidths, MAX_COLUMN_CH, type TableGrid } from './table-grid';

export type GroundTruthTableProps = {
  grid: TableGrid;
  activeKey: string | null;
  threshold: number;
  readOnly?: boolean;
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

/**
 * A `lines`/`table` field as a grid: one row per line, one column per column of the model. A cell is filled by typing
 * or, once focused, by selecting its value on the page. Rows are added, moved (buttons or Alt+↑/↓) and removed.
 */
export function GroundTruthTable({
  grid,
  activeKey,
  threshold,
  readOnly,
  notes,
  onActivate,
  onCellChange,
  onAddRow,
  onRemoveRow,
  onMoveRow,
}: GroundTruthTableProps) {
  const { spec, columns, rows } = grid;
  const host = useRef<HTMLElement>(null);
  const field = spec.field;
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
    if (readOnly || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    // The editor's row handler must not move anything else.
    event.stopPropagation();
    move(
      rowKey,
      event.key === 'ArrowUp' ? -1 : 1,
      `[data-row="${event.currentTarget.closest('[data-row]')?.getAttribute('data-row')}"] input`,
    );
  };

  let active: { index: number; column: string; cell: GroundTruthRow | undefined } | null = null;
  rows.forEach((row, index) => {
    for (const column of columns) {
      const cell = row.cells.get(column);
      if ((cell?.key ?? cellKey(row.key, column)) === activeKey) active = { index, column, cell };
    }
  });
  const activeCell = active as { index: number; column: string; cell: GroundTruthRow | undefined } | null;
  const widths = columnWidths(grid);
  // A validation notes each cell of a column alike; one line per distinct note (and distinct React keys).
  const tableNotes = [
    ...new Set(
      columns.flatMap((column) => (notes?.get(`${field}.${column}`) ?? []).map((note) => `${column}: ${note}`)),
    ),
  ];
  const attention = rows.reduce(
    (n, row) => n + [...row.cells.values()].filter((cell) => attentionOf(cell, threshold)).length,
    0,
  );

  return (
    <section className="gt-table" ref={host} aria-labelledby={`gt-table-${field}`}>
      <div className="gt-table__head">
        <h3 className="gt-table__title" id={`gt-table-${field}`}>
          {field}
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
                {!readOnly && (
                  <th scope="col" className="gt-grid__actions">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const name = `${field} row ${index + 1}`;
                return (
                  <tr key={row.key} data-grid-row={row.key}>
                    <th scope="row" className="gt-grid__index">
                      {index + 1}
                    </th>
                    {columns.map((column) => {
                      const cell = row.cells.get(column);
                      const key = cell?.key ?? cellKey(row.key, column);
                      const why = cell ? attentionOf(cell, threshold) : null;
                      const isActive = key === activeKey;
                      return (
                        <td
                          key={column}
                          data-row={key}
                          className={[
                            'gt-grid__cell',
                            why && 'gt-grid__cell--attention',
                            isActive && 'gt-grid__cell--active',
                          ]
                            .filter(Boolean)
                            .join(' ')}
                        >
                          <input
                            className="gt-input"
                            data-field="value"
                            aria-label={`${name} ${column}`}
                            value={cell?.value ?? ''}
                            readOnly={readOnly}
                            style={{ '--gt-col-ch': widths.get(column) } as CSSProperties}
                            title={cell?.value && cell.value.length > MAX_COLUMN_CH ? cell.value : undefined}
                            aria-describedby={why ? `${key}-why` : undefined}
                            onFocus={() => {
                              if (!isActive) onActivate(cell ?? { key, label: `${field}.${column}`, value: '' });
                            }}
                            onChange={(e) => onCellChange(key, e.target.value)}
                            onKeyDown={(e) => onCellKeyDown(e, row.key)}
                          />
                          {why && (
                            <span id={`${key}-why`} className="sr-only">
                              {ATTENTION_TEXT[why]}
                            </span>
                          )}
                        </td>
                      );
                    })}
                    {!readOnly && (
                      <td className="gt-grid__actions">
                        <button
                          type="button"
                          className="gt-icon-button"
                          aria-label={`Move ${name} up`}
                          disabled={index === 0}
                          data-move="up"
                          onClick={() =>
                            move(
                              row.key,
                              -1,
                              `[data-grid-row="${row.key}"] [data-move="${index === 1 ? 'down' : 'up'}"]`,
                            )
                          }
                        >
                          ↑
                        </button>
                        <button
                          type="button"
                          className="gt-icon-button"
                          aria-label={`Move ${name} down`}
                          disabled={index === rows.length - 1}
                          data-move="down"
                          onClick={() =>
                            move(
                              row.key,
                              1,
                              `[data-grid-row="${row.key}"] [data-move="${index === rows.length - 2 ? 'up' : 'down'}"]`,
                            )
                          }
                        >
                          ↓
                        </button>
                        <button
                          type="button"
                          className="gt-icon-button gt-icon-button--danger"
                          aria-label={`Remove ${name}`}
                          onClick={() => remove(index)}
                        >
                          ✕
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="gt-table__empty muted">
          No rows yet
          {readOnly ? '.' : ': add one, then fill its cells by selecting each value on the page or typing it.'}
        </p>
      )}
      {activeCell && (
        <p className="gt-table__detail" aria-live="polite">
          Row {activeCell.index + 1} · {activeCell.column}
          {activeCell.cell && activeCell.cell.value.length > MAX_COLUMN_CH ? (
            <>
              {' '}
              · <span className="gt-table__full">{activeCell.cell.value}</span>
            </>
          ) : null}
          {activeCell.cell?.pages?.length ? ` · page ${formatPages(activeCell.cell.pages)}` : ''}
          {activeCell.cell?.confidence !== undefined
            ? ` · confidence ${Math.round(activeCell.cell.confidence * 100)}%`
            : ''}
          {activeCell.cell?.rawValue !== undefined && activeCell.cell.rawValue !== activeCell.cell.value
            ? ` · printed “${activeCell.cell.rawValue}”`
            : ''}
        </p>
      )}
      {tableNotes.length > 0 && (
        <p className="gt-row__note gt-table__notes">
          {tableNotes.map((note) => (
            <span key={note}>{note}</span>
          ))}
        </p>
      )}
      {!readOnly && (
        <button type="button" className="button gt-table__add" data-add-row onClick={add}>
          Add {field} row
        </button>
      )}
    </section>
  );
}

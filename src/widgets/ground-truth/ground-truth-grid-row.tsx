import type { CSSProperties, KeyboardEvent } from 'react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { i18n } from '@/i18n/i18n';
import { formatPercent } from '@/i18n/format';
import { attentionOf, ATTENTION_TEXT, formatPages, type GroundTruthRow } from './ground-truth-rows';
import { cellKey, MAX_COLUMN_CH, type GridRow as GridRowData } from './table-grid';
import { RowMoveRemoveButtons } from './row-move-remove-buttons';
import type { FindInGrid } from './ground-truth-table';

/** The focused cell of a grid: its row's position, its column, and its entry (none yet when empty). */
export type ActiveCell = { index: number; column: string; cell: GroundTruthRow | undefined };

type GridRowProps = {
  row: GridRowData;
  index: number;
  count: number;
  field: string;
  columns: readonly string[];
  widths: ReadonlyMap<string, number>;
  activeKey: string | null;
  threshold: number;
  canWrite: boolean;
  onActivate: (row: GroundTruthRow) => void;
  onCellChange: (key: string, value: string) => void;
  onCellKeyDown: (event: KeyboardEvent<HTMLInputElement>, rowKey: string) => void;
  /** Moves the row and then focuses what `refocus` selects. */
  onMove: (rowKey: string, by: -1 | 1, refocus: FindInGrid) => void;
  onRemove: (index: number) => void;
};

/** One line of a table field: a cell input per column, then move and remove buttons. */
export function GridRow(props: GridRowProps) {
  const { row, index, field, columns, widths, activeKey, threshold, canWrite } = props;
  const rowNumber = index + 1;
  const name = t`${field} row ${rowNumber}`;
  return (
    <tr data-grid-row={row.key}>
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
            className={['gt-grid__cell', why && 'gt-grid__cell--attention', isActive && 'gt-grid__cell--active']
              .filter(Boolean)
              .join(' ')}
          >
            <input
              className="gt-input"
              data-field="value"
              aria-label={t`${field} row ${rowNumber} ${column}`}
              value={cell?.value ?? ''}
              readOnly={!canWrite}
              style={{ '--gt-col-ch': widths.get(column) } as CSSProperties}
              title={cell?.value && cell.value.length > MAX_COLUMN_CH ? cell.value : undefined}
              aria-describedby={why ? `${key}-why` : undefined}
              onFocus={() => {
                if (!isActive) props.onActivate(cell ?? { key, label: `${field}.${column}`, value: '' });
              }}
              onChange={(e) => props.onCellChange(key, e.target.value)}
              onKeyDown={(e) => props.onCellKeyDown(e, row.key)}
            />
            {why && (
              <span id={`${key}-why`} className="sr-only">
                {i18n._(ATTENTION_TEXT[why])}
              </span>
            )}
          </td>
        );
      })}
      {canWrite && <GridRowActions {...props} name={name} />}
    </tr>
  );
}

function GridRowActions({
  row,
  index,
  count,
  name,
  onMove,
  onRemove,
}: Pick<GridRowProps, 'row' | 'index' | 'count' | 'onMove' | 'onRemove'> & { name: string }) {
  // After a move the focus stays on the moved row's button, or on its other one when this one became disabled.
  const moveButton =
    (to: 'up' | 'down'): FindInGrid =>
    (grid) =>
      grid.querySelector<HTMLElement>(`[data-grid-row="${row.key}"] [data-move="${to}"]`);
  return (
    <td className="gt-grid__actions">
      <RowMoveRemoveButtons
        name={name}
        isFirst={index === 0}
        isLast={index === count - 1}
        onMoveUp={() => onMove(row.key, -1, moveButton(index === 1 ? 'down' : 'up'))}
        onMoveDown={() => onMove(row.key, 1, moveButton(index === count - 2 ? 'up' : 'down'))}
        onRemove={() => onRemove(index)}
      />
    </td>
  );
}

/** Below the grid: where the focused cell is, its full value when the cell is too narrow, pages, confidence, print. */
export function GridActiveCell({ active: { index, column, cell } }: { active: ActiveCell }) {
  const rowNumber = index + 1;
  return (
    <p className="gt-table__detail" aria-live="polite">
      <Trans>
        Row {rowNumber} · {column}
      </Trans>
      {cell && cell.value.length > MAX_COLUMN_CH ? (
        <>
          {' '}
          · <span className="gt-table__full">{cell.value}</span>
        </>
      ) : null}
      {cell ? cellFacts(cell).map((fact) => ` · ${fact}`) : null}
    </p>
  );
}

/** The focused cell's pages, confidence and printed text (when it differs from the value), each a phrase. */
function cellFacts(cell: GroundTruthRow): string[] {
  const facts: string[] = [];
  if (cell.pages?.length) {
    const pages = formatPages(cell.pages);
    facts.push(t`page ${pages}`);
  }
  if (cell.confidence !== undefined) {
    const confidence = formatPercent(cell.confidence);
    facts.push(t`confidence ${confidence}`);
  }
  if (cell.rawValue !== undefined && cell.rawValue !== cell.value) {
    const printed = cell.rawValue;
    facts.push(t`printed “${printed}”`);
  }
  return facts;
}

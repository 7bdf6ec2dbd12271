import { useId, type CSSProperties, type ReactNode } from 'react';
import { ChangeList } from './change-list';
import { EditorSummary } from './editor-summary';
import { GroundTruthFieldRow } from './ground-truth-field-row';
import { attentionOf, type GroundTruthRow } from './ground-truth-rows';
import { GroundTruthTable } from './ground-truth-table';
import { addGridRow, gridFromRows, moveGridRow, removeGridRow, tableOfLabel, type TableSpec } from './table-grid';
import { isPlainEnter, useFieldList } from './use-field-list';
import type { GroundTruthDraft } from './use-ground-truth-draft';

export type GroundTruthEditorProps = {
  draft: GroundTruthDraft;
  /** The row whose value text selected on the page goes into. */
  activeKey: string | null;
  /** A row's input got focus; `field` is 'rawValue' when the raw value input did (selection then fills it). */
  onActivate: (row: GroundTruthRow, field: 'value' | 'rawValue') => void;
  /** Which of the active row's texts a selection fills. */
  activeField?: 'value' | 'rawValue';
  threshold: number;
  onThresholdChange?: (threshold: number) => void;
  /** Labels to offer (a model's fields). */
  labelOptions: readonly string[];
  /** The model's lines/table fields: their cells are edited as grids, not as rows of their own. */
  tables?: readonly TableSpec[];
  /** Whether the page has text to select (else values are typed as read). */
  canSelect?: boolean;
  /** Extra notes per label (a validation's issues in review). */
  notes?: ReadonlyMap<string, string[]>;
  /** Whether the operator may change the ground truth (else every input is read-only and no action is offered). */
  canWrite: boolean;
  /** Above the rows: model picker and the like. */
  toolbar?: ReactNode;
};

/** Labels longer than this many characters scroll in their input (the value keeps room beside them). */
const MAX_LABEL_CH = 28;

/** The width, in characters, of the editor's label inputs: its longest label (shown or offered). */
function labelWidth(rows: readonly GroundTruthRow[], labelOptions: readonly string[]): number {
  const longest = Math.max(8, ...rows.map((row) => row.label.length), ...labelOptions.map((label) => label.length));
  return Math.min(longest, MAX_LABEL_CH);
}

/**
 * One row per ground-truth entry: label, value, raw value, pages, confidence. Enter jumps to the next field that needs
 * attention, Alt+↑/↓ moves a row. The parent owns saving (Ctrl/⌘+S) and the viewer link (selection, highlight).
 */
export function GroundTruthEditor({
  draft,
  activeKey,
  activeField = 'value',
  onActivate,
  threshold,
  onThresholdChange,
  labelOptions,
  tables = [],
  canSelect = true,
  notes,
  canWrite,
  toolbar,
}: GroundTruthEditorProps) {
  const allRows = draft.rows;
  const listId = useId();
  const statusId = `${listId}-status`;
  const { rows, editor, list, update, add, addLabels, move, remove, nextAttention, onRowKeyDown } = useFieldList({
    draft,
    tables,
    threshold,
    statusId,
    canWrite,
  });
  const attentionCount = allRows.filter((row) => attentionOf(row, threshold)).length;
  const listLabels = labelOptions.filter((label) => !tableOfLabel(label, tables));
  const missingLabels = listLabels.filter((label) => !rows.some((row) => row.label === label));

  return (
    <div className="gt-editor" ref={editor}>
      {/* The line-item tables' h3 titles sit under it; the tabs or the review's layout show what this pane is. */}
      <h2 className="sr-only">Ground truth</h2>
      <div className="gt-editor__head">
        {toolbar}
        <EditorSummary
          statusId={statusId}
          fieldCount={rows.length}
          tableCount={tables.length}
          attentionCount={attentionCount}
          hasEntries={allRows.length > 0}
          threshold={threshold}
          onThresholdChange={onThresholdChange}
        />
      </div>

      {rows.length === 0 ? (
        <EmptyFieldList
          hasTableCells={allRows.length > 0}
          canWrite={canWrite}
          canSelect={canSelect}
          canAddModelFields={missingLabels.length > 0}
        />
      ) : (
        <ol
          className="gt-rows"
          ref={list}
          aria-label="Ground-truth fields"
          style={{ '--gt-label-ch': labelWidth(rows, listLabels) } as CSSProperties}
        >
          {rows.map((row, index) => (
            <GroundTruthFieldRow
              key={row.key}
              row={row}
              index={index}
              count={rows.length}
              active={row.key === activeKey}
              activeField={activeField}
              threshold={threshold}
              notes={notes?.get(row.label) ?? []}
              canWrite={canWrite}
              labelsListId={`${listId}-labels`}
              onActivate={onActivate}
              onKeyDown={onRowKeyDown}
              onChange={update}
              onMove={move}
              onRemove={remove}
            />
          ))}
        </ol>
      )}
      <datalist id={`${listId}-labels`}>
        {labelOptions.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>

      {canWrite && (
        <div className="gt-editor__add">
          <button type="button" className="button" onClick={() => add()}>
            Add field
          </button>
          {missingLabels.length > 0 && (
            <button type="button" className="button" onClick={() => addLabels(missingLabels)}>
              Add the model’s {missingLabels.length} missing {missingLabels.length === 1 ? 'field' : 'fields'}
            </button>
          )}
        </div>
      )}

      {tables.length > 0 && (
        <EditorTables
          draft={draft}
          tables={tables}
          activeKey={activeKey}
          threshold={threshold}
          canWrite={canWrite}
          notes={notes}
          onActivate={onActivate}
          onCellChange={(key, value) => update(key, { value })}
          onEnter={nextAttention}
        />
      )}
      {draft.changes.length > 0 && <ChangeList changes={draft.changes} />}
    </div>
  );
}

/** No field outside the tables: say so, and (to an operator who may write) how to add one. */
function EmptyFieldList({
  hasTableCells,
  canWrite,
  canSelect,
  canAddModelFields,
}: {
  hasTableCells: boolean;
  canWrite: boolean;
  canSelect: boolean;
  canAddModelFields: boolean;
}) {
  return (
    <div className="gt-empty">
      <p>
        <strong>{hasTableCells ? 'No fields outside the tables.' : 'No ground truth yet.'}</strong>
      </p>
      {canWrite && (
        <p className="muted">
          Add a field, then {canSelect ? 'select its value on the page' : 'type its value as you read it on the page'}
          {canAddModelFields ? ', or add the model’s fields' : ''}.
        </p>
      )}
    </div>
  );
}

/** The model's lines/table fields as grids; Enter in a cell goes on to the next field that needs attention. */
function EditorTables({
  draft,
  tables,
  onCellChange,
  onActivate,
  onEnter,
  ...shared
}: {
  draft: GroundTruthDraft;
  tables: readonly TableSpec[];
  activeKey: string | null;
  threshold: number;
  canWrite: boolean;
  notes?: ReadonlyMap<string, string[]>;
  onActivate: (row: GroundTruthRow, field: 'value' | 'rawValue') => void;
  onCellChange: (key: string, value: string) => void;
  onEnter: (fromKey: string) => void;
}) {
  const { rows: allRows, setRows } = draft;
  return (
    <div
      className="gt-tables"
      onKeyDown={(event) => {
        const cell = (event.target as HTMLElement).closest('[data-row]')?.getAttribute('data-row');
        if (cell && isPlainEnter(event)) {
          event.preventDefault();
          onEnter(cell);
        }
      }}
    >
      {tables.map((spec) => (
        <GroundTruthTable
          key={spec.field}
          grid={gridFromRows(allRows, spec)}
          {...shared}
          onActivate={(row) => {
            if (row.key !== shared.activeKey) onActivate(row, 'value');
          }}
          onCellChange={onCellChange}
          onAddRow={() => {
            const added = addGridRow(allRows, spec);
            setRows(() => added.rows);
            return added.rowKey;
          }}
          onRemoveRow={(rowKey) => setRows((all) => removeGridRow(all, spec, rowKey))}
          onMoveRow={(rowKey, by) => setRows((all) => moveGridRow(all, spec, rowKey, by))}
        />
      ))}
    </div>
  );
}

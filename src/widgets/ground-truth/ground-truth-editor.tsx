import { useId, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { ChangeList } from './change-list';
import { EditorFields } from './editor-fields';
import { EditorSummary } from './editor-summary';
import { attentionOf, type GroundTruthRow } from './ground-truth-rows';
import { GroundTruthTable } from './ground-truth-table';
import { addGridRow, gridFromRows, moveGridRow, removeGridRow, type TableSpec } from './table-grid';
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
  const fields = useFieldList({ draft, tables, threshold, statusId, canWrite });
  const { rows, editor, update, nextAttention } = fields;
  const attentionCount = allRows.filter((row) => attentionOf(row, threshold)).length;

  return (
    <div className="gt-editor" ref={editor}>
      {/* The line-item tables' h3 titles sit under it; the tabs or the review's layout show what this pane is. */}
      <h2 className="sr-only">
        <Trans>Ground truth</Trans>
      </h2>
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

      <EditorFields
        fields={fields}
        listId={listId}
        labelOptions={labelOptions}
        tables={tables}
        hasTableCells={allRows.length > 0}
        canSelect={canSelect}
        canWrite={canWrite}
        activeKey={activeKey}
        activeField={activeField}
        threshold={threshold}
        notes={notes}
        onActivate={onActivate}
      />

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

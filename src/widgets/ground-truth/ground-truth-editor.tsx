import { useId, useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import {
  ATTENTION_TEXT,
  attentionOf,
  confidenceBand,
  formatPages,
  newRowKey,
  parsePages,
  type GroundTruthRow,
  type RowChange,
} from './ground-truth-rows';
import { GroundTruthTable } from './ground-truth-table';
import {
  addGridRow,
  gridFromRows,
  moveGridRow,
  patchCell,
  removeGridRow,
  tableOfLabel,
  type TableSpec,
} from './table-grid';
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
  readOnly?: boolean;
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
  readOnly,
  toolbar,
}: GroundTruthEditorProps) {
  const { rows: allRows, setRows, changes } = draft;
  const listId = useId();
  const list = useRef<HTMLOListElement>(null);
  const editor = useRef<HTMLDivElement>(null);
  // Table cells are shown in their grids; the list holds the other fields.
  const rows = allRows.filter((row) => !tableOfLabel(row.label, tables));
  const attentionCount = allRows.filter((row) => attentionOf(row, threshold)).length;
  const missingLabels = labelOptions.filter(
    (label) => !tableOfLabel(label, tables) && !rows.some((row) => row.label === label),
  );

  const update = (key: string, patch: Partial<GroundTruthRow>) => setRows((all) => patchCell(all, tables, key, patch));

  const focusValue = (key: string) => {
    requestAnimationFrame(() =>
      editor.current?.querySelector<HTMLInputElement>(`[data-row="${key}"] input[data-field="value"]`)?.focus(),
    );
  };

  const add = (label = '') => {
    const row: GroundTruthRow = { key: newRowKey(), label, value: '', pages: [] };
    setRows((all) => [...all, row]);
    focusValue(row.key);
    if (!label)
      requestAnimationFrame(() =>
        list.current?.querySelector<HTMLInputElement>(`[data-row="${row.key}"] input[data-field="label"]`)?.focus(),
      );
  };

  /** Swaps the row with its neighbour in the list (table cells in between stay where they are). */
  const move = (key: string, by: -1 | 1) => {
    setRows((all) => {
      const listed = all.filter((row) => !tableOfLabel(row.label, tables));
      const i = listed.findIndex((row) => row.key === key);
      const j = i + by;
      if (i < 0 || j < 0 || j >= listed.length) return all;
      const [a, b] = [all.indexOf(listed[i]), all.indexOf(listed[j])];
      const next = [...all];
      [next[a], next[b]] = [next[b], next[a]];
      return next;
    });
  };

  const remove = (key: string) => {
    const index = rows.findIndex((row) => row.key === key);
    setRows((all) => all.filter((row) => row.key !== key));
    const neighbour = rows[index + 1] ?? rows[index - 1];
    if (neighbour) focusValue(neighbour.key);
  };

  /** Enter: the next field or cell (after this one, wrapping; list first, then each grid) that needs attention. */
  const nextAttention = (fromKey: string) => {
    const ordered = [
      ...rows,
      ...tables.flatMap((spec) => gridFromRows(allRows, spec).rows.flatMap((row) => [...row.cells.values()])),
    ];
    const start = ordered.findIndex((row) => row.key === fromKey);
    for (let step = 1; step <= ordered.length; step++) {
      const row = ordered[(start + step) % ordered.length];
      if (attentionOf(row, threshold) && row.key !== fromKey) return focusValue(row.key);
    }
    document.getElementById(`${listId}-status`)?.focus();
  };

  const onRowKeyDown = (event: KeyboardEvent, row: GroundTruthRow) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      nextAttention(row.key);
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown') && !readOnly) {
      event.preventDefault();
      move(row.key, event.key === 'ArrowUp' ? -1 : 1);
      const target = event.target as HTMLElement;
      requestAnimationFrame(() => target.focus());
    }
  };

  return (
    <div className="gt-editor" ref={editor}>
      <div className="gt-editor__head">
        {toolbar}
        <div className="gt-editor__summary">
          <p id={`${listId}-status`} tabIndex={-1} className="gt-editor__status" aria-live="polite">
            {rows.length} {rows.length === 1 ? 'field' : 'fields'}
            {tables.length > 0 && `, ${tables.length} ${tables.length === 1 ? 'table' : 'tables'}`}
            {attentionCount ? (
              <>
                {' '}
                · <strong className="gt-attention-text">{attentionCount} need attention</strong>
              </>
            ) : allRows.length ? (
              ' · all look fine'
            ) : (
              ''
            )}
          </p>
          <label className="gt-threshold">
            Threshold
            <input
              className="gt-input"
              type="number"
              min={0}
              max={1}
              step={0.05}
              value={threshold}
              readOnly={!onThresholdChange}
              title={onThresholdChange ? 'Confidence below this needs attention' : 'Set by the validation'}
              onChange={(e) => {
                const value = Number(e.target.value);
                if (e.target.value !== '' && value >= 0 && value <= 1) onThresholdChange?.(value);
              }}
            />
          </label>
        </div>
      </div>

      {rows.length === 0 ? (
        <div className="gt-empty">
          <p>
            <strong>{allRows.length ? 'No fields outside the tables.' : 'No ground truth yet.'}</strong>
          </p>
          {!readOnly && (
            <p className="muted">
              Add a field, then{' '}
              {canSelect ? 'select its value on the page' : 'type its value as you read it on the page'}
              {missingLabels.length ? ', or add the model’s fields' : ''}.
            </p>
          )}
        </div>
      ) : (
        <ol
          className="gt-rows"
          ref={list}
          aria-label="Ground-truth fields"
          style={
            {
              '--gt-label-ch': labelWidth(
                rows,
                labelOptions.filter((label) => !tableOfLabel(label, tables)),
              ),
            } as CSSProperties
          }
        >
          {rows.map((row, index) => {
            const attention = attentionOf(row, threshold);
            const band = confidenceBand(row.confidence, threshold);
            const rowNotes = notes?.get(row.label) ?? [];
            const active = row.key === activeKey;
            const name = row.label || `field ${index + 1}`;
            return (
              <li
                key={row.key}
                data-row={row.key}
                className={['gt-row', active && 'gt-row--active', attention && 'gt-row--attention']
                  .filter(Boolean)
                  .join(' ')}
                onFocus={(e) => {
                  const field = (e.target as HTMLElement).dataset.field === 'rawValue' ? 'rawValue' : 'value';
                  if (!active || field !== activeField) onActivate(row, field);
                }}
                onKeyDown={(e) => onRowKeyDown(e, row)}
              >
                <div className="gt-row__main">
                  <span className="gt-row__index" aria-hidden="true">
                    {index + 1}
                  </span>
                  <input
                    className="gt-input gt-input--label"
                    data-field="label"
                    aria-label={`Label of field ${index + 1}`}
                    list={`${listId}-labels`}
                    value={row.label}
                    placeholder="label"
                    readOnly={readOnly}
                    spellCheck={false}
                    onChange={(e) => update(row.key, { label: e.target.value })}
                  />
                  <input
                    className="gt-input gt-input--value"
                    data-field="value"
                    aria-label={`Value of ${name}`}
                    value={row.value}
                    placeholder={readOnly ? '' : 'select on the page or type'}
                    readOnly={readOnly}
                    onChange={(e) => update(row.key, { value: e.target.value })}
                  />
                  {/* Without a confidence the badge's place stays empty (a "—" there read as a remove button). */}
                  <span
                    className={`gt-confidence gt-confidence--${band}`}
                    title={band === 'none' ? undefined : `Confidence ${row.confidence} (threshold ${threshold})`}
                  >
                    {row.confidence === undefined ? '' : `${Math.round(row.confidence * 100)}%`}
                  </span>
                </div>
                <div className="gt-row__more">
                  <label className="gt-small">
                    Raw
                    <input
                      className="gt-input"
                      data-field="rawValue"
                      aria-label={`Raw value of ${name}`}
                      value={row.rawValue ?? ''}
                      readOnly={readOnly}
                      onChange={(e) =>
                        update(row.key, { rawValue: e.target.value === '' ? undefined : e.target.value })
                      }
                    />
                  </label>
                  <PagesInput
                    rowName={name}
                    pages={row.pages}
                    readOnly={readOnly}
                    onChange={(pages) => update(row.key, { pages })}
                  />
                  <label className="gt-small gt-small--narrow">
                    Conf.
                    <input
                      className="gt-input"
                      data-field="confidence"
                      type="number"
                      min={0}
                      max={1}
                      step={0.01}
                      aria-label={`Confidence of ${name}`}
                      value={row.confidence ?? ''}
                      readOnly={readOnly}
                      onChange={(e) => {
                        const v = e.target.value === '' ? undefined : Number(e.target.value);
                        if (v === undefined || (v >= 0 && v <= 1)) update(row.key, { confidence: v });
                      }}
                    />
                  </label>
                  {!readOnly && (
                    <span className="gt-row__actions">
                      <button
                        type="button"
                        className="gt-icon-button"
                        aria-label={`Move ${name} up`}
                        disabled={index === 0}
                        onClick={() => move(row.key, -1)}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="gt-icon-button"
                        aria-label={`Move ${name} down`}
                        disabled={index === rows.length - 1}
                        onClick={() => move(row.key, 1)}
                      >
                        ↓
                      </button>
                      <button
                        type="button"
                        className="gt-icon-button gt-icon-button--danger"
                        aria-label={`Remove ${name}`}
                        onClick={() => remove(row.key)}
                      >
                        ✕
                      </button>
                    </span>
                  )}
                </div>
                {(attention || rowNotes.length > 0) && (
                  <p className="gt-row__note">
                    {attention && rowNotes.length === 0 && (
                      <span className="gt-attention-text">{ATTENTION_TEXT[attention]}</span>
                    )}
                    {rowNotes.map((note) => (
                      <span key={note} className={attention ? 'gt-attention-text' : undefined}>
                        {note}
                      </span>
                    ))}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <datalist id={`${listId}-labels`}>
        {labelOptions.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>

      {!readOnly && (
        <div className="gt-editor__add">
          <button type="button" className="button" onClick={() => add()}>
            Add field
          </button>
          {missingLabels.length > 0 && (
            <button
              type="button"
              className="button"
              onClick={() => {
                const added = missingLabels.map((label) => ({
                  key: newRowKey(),
                  label,
                  value: '',
                  pages: [] as number[],
                }));
                setRows((all) => [...all, ...added]);
                focusValue(added[0].key);
              }}
            >
              Add the model’s {missingLabels.length} missing {missingLabels.length === 1 ? 'field' : 'fields'}
            </button>
          )}
        </div>
      )}

      {tables.length > 0 && (
        <div
          className="gt-tables"
          onKeyDown={(event) => {
            const cell = (event.target as HTMLElement).closest('[data-row]')?.getAttribute('data-row');
            if (cell && event.key === 'Enter' && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey) {
              event.preventDefault();
              nextAttention(cell);
            }
          }}
        >
          {tables.map((spec) => (
            <GroundTruthTable
              key={spec.field}
              grid={gridFromRows(allRows, spec)}
              activeKey={activeKey}
              threshold={threshold}
              readOnly={readOnly}
              notes={notes}
              onActivate={(row) => {
                if (row.key !== activeKey) onActivate(row, 'value');
              }}
              onCellChange={(key, value) => update(key, { value })}
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
      )}
      {changes.length > 0 && <ChangeList changes={changes} />}
    </div>
  );
}

function PagesInput({
  rowName,
  pages,
  readOnly,
  onChange,
}: {
  rowName: string;
  pages?: number[];
  readOnly?: boolean;
  onChange: (pages: number[]) => void;
}) {
  const text = formatPages(pages);
  return (
    <label className="gt-small gt-small--narrow">
      Pages
      <input
        key={text}
        className="gt-input"
        data-field="pages"
        aria-label={`Pages of ${rowName}`}
        defaultValue={text}
        readOnly={readOnly}
        inputMode="numeric"
        placeholder="1, 2"
        onBlur={(e) => {
          const parsed = parsePages(e.target.value);
          if (parsed) onChange(parsed);
          else e.target.value = text;
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            const parsed = parsePages(e.currentTarget.value);
            if (parsed) onChange(parsed);
          }
        }}
      />
    </label>
  );
}

const CHANGE_FIELD: Record<string, string> = {
  label: 'label',
  value: 'value',
  rawValue: 'raw value',
  pages: 'pages',
  confidence: 'confidence',
};

function ChangeList({ changes }: { changes: RowChange[] }) {
  return (
    <details className="gt-changes" open>
      <summary>Unsaved changes ({changes.length})</summary>
      <ul>
        {changes.map((change) => {
          const name = change.row.label || '(no label)';
          switch (change.kind) {
            case 'added':
              return (
                <li key={`a-${change.row.key}`} className="gt-change gt-change--added">
                  + {name}
                  {change.row.value ? ` = “${change.row.value}”` : ''}
                </li>
              );
            case 'removed':
              return (
                <li key={`r-${change.row.key}`} className="gt-change gt-change--removed">
                  − {name}
                  {change.row.value ? ` = “${change.row.value}”` : ''}
                </li>
              );
            case 'moved':
              return (
                <li key={`m-${change.row.key}`} className="gt-change">
                  ↕ {name}: position {change.from} → {change.to}
                </li>
              );
            default:
              return (
                <li key={`c-${change.row.key}`} className="gt-change gt-change--changed">
                  ~ {name}:{' '}
                  {change.fields.map((f) => (
                    <span key={f.field} className="gt-change__field">
                      {CHANGE_FIELD[f.field]} <del>{f.from || '∅'}</del> → <ins>{f.to || '∅'}</ins>
                    </span>
                  ))}
                </li>
              );
          }
        })}
      </ul>
    </details>
  );
}

import type { CSSProperties } from 'react';
import { t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { GroundTruthFieldRow } from './ground-truth-field-row';
import type { GroundTruthRow } from './ground-truth-rows';
import { tableOfLabel, type TableSpec } from './table-grid';
import type { useFieldList } from './use-field-list';

/** Labels longer than this many characters scroll in their input (the value keeps room beside them). */
const MAX_LABEL_CH = 28;

/** The width, in characters, of the editor's label inputs: its longest label (shown or offered). */
function labelWidth(rows: readonly GroundTruthRow[], labelOptions: readonly string[]): number {
  const longest = Math.max(8, ...rows.map((row) => row.label.length), ...labelOptions.map((label) => label.length));
  return Math.min(longest, MAX_LABEL_CH);
}

type EditorFieldsProps = {
  fields: ReturnType<typeof useFieldList>;
  /** The editor's id: the labels' datalist is `${listId}-labels`. */
  listId: string;
  labelOptions: readonly string[];
  tables: readonly TableSpec[];
  /** Whether there are entries at all (then in the tables only, when no field is listed). */
  hasTableCells: boolean;
  canSelect: boolean;
  canWrite: boolean;
  activeKey: string | null;
  activeField: 'value' | 'rawValue';
  threshold: number;
  notes?: ReadonlyMap<string, string[]>;
  onActivate: (row: GroundTruthRow, field: 'value' | 'rawValue') => void;
};

/**
 * The fields outside the tables: one row each (or what to do when there is none), the labels to offer, and the
 * buttons that add a field or the model's missing ones.
 */
export function EditorFields(props: EditorFieldsProps) {
  const { fields, listId, labelOptions, tables, hasTableCells, canSelect, canWrite } = props;
  const { rows, list, add, addLabels } = fields;
  const listLabels = labelOptions.filter((label) => !tableOfLabel(label, tables));
  const missingLabels = listLabels.filter((label) => !rows.some((row) => row.label === label));
  return (
    <>
      {rows.length === 0 ? (
        <EmptyFieldList
          hasTableCells={hasTableCells}
          canWrite={canWrite}
          canSelect={canSelect}
          canAddModelFields={missingLabels.length > 0}
        />
      ) : (
        <ol
          className="gt-rows"
          ref={list}
          aria-label={t`Ground-truth fields`}
          style={{ '--gt-label-ch': labelWidth(rows, listLabels) } as CSSProperties}
        >
          {rows.map((row, index) => (
            <GroundTruthFieldRow
              key={row.key}
              row={row}
              index={index}
              count={rows.length}
              active={row.key === props.activeKey}
              activeField={props.activeField}
              threshold={props.threshold}
              notes={props.notes?.get(row.label) ?? []}
              canWrite={canWrite}
              labelsListId={`${listId}-labels`}
              onActivate={props.onActivate}
              onKeyDown={fields.onRowKeyDown}
              onChange={fields.update}
              onMove={fields.move}
              onRemove={fields.remove}
            />
          ))}
        </ol>
      )}
      <datalist id={`${listId}-labels`}>
        {labelOptions.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>

      {canWrite && <AddFieldButtons missingLabels={missingLabels} onAdd={() => add()} onAddLabels={addLabels} />}
    </>
  );
}

/** Add a field; and, when the model has fields the list lacks, add those. */
function AddFieldButtons({
  missingLabels,
  onAdd,
  onAddLabels,
}: {
  missingLabels: readonly string[];
  onAdd: () => void;
  onAddLabels: (labels: readonly string[]) => void;
}) {
  const missingCount = missingLabels.length;
  return (
    <div className="gt-editor__add">
      <button type="button" className="button" onClick={onAdd}>
        <Trans>Add field</Trans>
      </button>
      {missingCount > 0 && (
        <button type="button" className="button" onClick={() => onAddLabels(missingLabels)}>
          <Plural value={missingCount} one="Add the model’s # missing field" other="Add the model’s # missing fields" />
        </button>
      )}
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
        <strong>{hasTableCells ? t`No fields outside the tables.` : t`No ground truth yet.`}</strong>
      </p>
      {canWrite && <p className="muted">{emptyListHint(canSelect, canAddModelFields)}</p>}
    </div>
  );
}

/** How to add the first field, as one sentence: select or type its value, and add the model's fields when it has some. */
function emptyListHint(canSelect: boolean, canAddModelFields: boolean): string {
  if (canSelect)
    return canAddModelFields
      ? t`Add a field, then select its value on the page, or add the model’s fields.`
      : t`Add a field, then select its value on the page.`;
  return canAddModelFields
    ? t`Add a field, then type its value as you read it on the page, or add the model’s fields.`
    : t`Add a field, then type its value as you read it on the page.`;
}

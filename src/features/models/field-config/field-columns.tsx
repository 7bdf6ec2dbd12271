/**
 * The columns of a lines/table field: a nested list of field rows (scalar types only) with its own reorder, remove
 * and add, each edit applied to the parent field's draft.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { move, nameError, newFieldDraft, type FieldDraft, type FieldErrors } from './field-drafts';
import { FieldRow, type DraftUpdater } from './field-row';

export function Columns({
  parent,
  errors,
  canWrite,
  revealErrors,
  onUpdate,
}: {
  parent: FieldDraft;
  errors: FieldErrors;
  canWrite: boolean;
  revealErrors: boolean;
  onUpdate: DraftUpdater;
}) {
  const columns = parent.columns ?? [];
  const [added, setAdded] = useState<string | null>(null);
  const parentKey = parent.key;
  const parentName = parent.name;
  const updateColumn = useCallback<DraftUpdater>(
    (key, update) =>
      onUpdate(parentKey, (d) => ({ ...d, columns: (d.columns ?? []).map((c) => (c.key === key ? update(c) : c)) })),
    [parentKey, onUpdate],
  );
  const moveColumn = useCallback(
    (key: string, delta: number) =>
      onUpdate(parentKey, (d) => {
        const list = d.columns ?? [];
        const from = list.findIndex((c) => c.key === key);
        return { ...d, columns: move(list, from, from + delta) };
      }),
    [parentKey, onUpdate],
  );
  const removeColumn = useCallback(
    (key: string) => onUpdate(parentKey, (d) => ({ ...d, columns: (d.columns ?? []).filter((c) => c.key !== key) })),
    [parentKey, onUpdate],
  );
  return (
    <section className="fc-columns" aria-label={parentName ? t`Columns of ${parentName}` : t`Columns of this field`}>
      <h4 className="fc-columns-title">
        <Trans>Columns</Trans> <span className="fc-hint">({columns.length})</span>
      </h4>
      <ol className="fc-list">
        {columns.map((column, index) => (
          <FieldRow
            key={column.key}
            draft={column}
            index={index}
            total={columns.length}
            nameProblem={errors.columns.get(column.key)?.name ?? nameError(column.name, columns)}
            errors={errors.columns.get(column.key) ?? { settings: {}, columns: new Map(), other: [] }}
            nested
            revealErrors={revealErrors}
            canMove
            canWrite={canWrite}
            onUpdate={updateColumn}
            onMove={moveColumn}
            onRemove={removeColumn}
            initiallyOpen={column.key === added}
          />
        ))}
      </ol>
      {canWrite ? (
        <button
          type="button"
          className="fc-add"
          onClick={() => {
            const column = newFieldDraft(columns, 'column');
            setAdded(column.key);
            onUpdate(parentKey, (d) => ({ ...d, columns: [...(d.columns ?? []), column] }));
          }}
        >
          <Trans>+ Add column</Trans>
        </button>
      ) : null}
    </section>
  );
}

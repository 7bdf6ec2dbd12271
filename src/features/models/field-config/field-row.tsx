/**
 * One field (or column) of the configuration as a row of the list: its header line, always shown, and its settings,
 * opened on demand so that 50 fields and a 10-column table stay light.
 */
import { t } from '@lingui/core/macro';
import { Plural } from '@lingui/react/macro';
import { memo, useCallback, useId, useState, type KeyboardEvent } from 'react';
import { countErrors, isNestedType, withSetting, withType, type FieldDraft, type FieldErrors } from './field-drafts';
import { FieldBadges, FieldNameInput, FieldRowActions, FieldTypeSelect } from './field-row-head';
import { FieldSettings } from './field-settings';

export type DraftUpdater = (key: string, update: (draft: FieldDraft) => FieldDraft) => void;

type FieldRowProps = {
  draft: FieldDraft;
  index: number;
  total: number;
  /** Problem with the name among its siblings (computed by the parent). */
  nameProblem: string | undefined;
  errors: FieldErrors;
  /** Columns of a lines/table field: scalar types only, no columns of their own. */
  nested: boolean;
  /** Open the settings of rows with problems (after a save attempt). */
  revealErrors: boolean;
  /** Reordering is off while the list is filtered. */
  canMove: boolean;
  canWrite: boolean;
  onUpdate: DraftUpdater;
  onMove: (key: string, delta: number) => void;
  onRemove: (key: string) => void;
  /** Open on first render (a field just added). */
  initiallyOpen?: boolean;
};

/** One field (or column) of the configuration: a compact header line, and its settings when opened. */
export const FieldRow = memo(function FieldRow(props: FieldRowProps) {
  const {
    draft,
    index,
    total,
    nameProblem,
    errors,
    nested,
    revealErrors,
    canMove,
    canWrite,
    onUpdate,
    onMove,
    onRemove,
  } = props;
  const { id, problems, isOpen, label, set, onKeyDown, onTypeChange, onToggle } = useFieldRow(props);
  const position = index + 1;

  return (
    <li
      className="fc-row"
      data-field-key={draft.key}
      data-nested={nested || undefined}
      data-invalid={problems > 0 || undefined}
    >
      <div className="fc-row-head" onKeyDown={onKeyDown}>
        <span className="fc-index" aria-hidden="true">
          {index + 1}
        </span>
        <FieldNameInput
          id={id}
          label={nested ? t`Column ${position} name` : t`Field ${position} name`}
          name={draft.name}
          problem={nameProblem}
          canWrite={canWrite}
          onChange={(name) => onUpdate(draft.key, (d) => ({ ...d, name }))}
        />
        <FieldTypeSelect
          label={label}
          type={draft.spec.type}
          nested={nested}
          invalid={Boolean(errors.settings.type)}
          canWrite={canWrite}
          onChange={onTypeChange}
        />
        <FieldBadges draft={draft} />
        {problems > 0 ? (
          <span className="fc-problems" title={t`Problems in this field`}>
            <Plural value={problems} one="# problem" other="# problems" />
          </span>
        ) : null}
        <FieldRowActions
          label={label}
          settingsId={`${id}-settings`}
          isOpen={isOpen}
          canWrite={canWrite}
          canMoveUp={canMove && index > 0}
          canMoveDown={canMove && index < total - 1}
          onToggle={onToggle}
          onMove={(delta) => onMove(draft.key, delta)}
          onRemove={() => onRemove(draft.key)}
        />
      </div>
      {isOpen ? (
        <FieldSettings
          id={`${id}-settings`}
          draft={draft}
          errors={errors}
          nested={nested}
          canWrite={canWrite}
          set={set}
          onUpdate={onUpdate}
          revealErrors={revealErrors}
        />
      ) : null}
    </li>
  );
});

/**
 * A row's state and edits: open or closed (opened by itself when a save attempt finds problems in its settings, or
 * when its type gets settings to fill in), its problem count and label, a setting or its type changed, and Alt+↑/↓.
 */
function useFieldRow(props: FieldRowProps) {
  const { draft, nameProblem, nested, canMove, canWrite, onUpdate, onMove } = props;
  const [open, setOpen] = useState(Boolean(props.initiallyOpen));
  const id = useId();
  const problems = countErrors({ ...props.errors, name: nameProblem });
  const settingProblems = problems - (nameProblem ? 1 : 0);
  const isOpen = open || (props.revealErrors && settingProblems > 0);
  const position = props.index + 1;
  const label = draft.name || (nested ? t`column ${position}` : t`field ${position}`);

  const set = useCallback(
    (setting: string, value: unknown) => onUpdate(draft.key, (d) => withSetting(d, setting, value)),
    [draft.key, onUpdate],
  );

  const onKeyDown = (event: KeyboardEvent) => {
    if (!event.altKey || !canMove || !canWrite) return;
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      event.stopPropagation();
      onMove(draft.key, event.key === 'ArrowUp' ? -1 : 1);
    }
  };

  const onTypeChange = (next: string) => {
    onUpdate(draft.key, (d) => withType(d, next, !nested));
    if (isNestedType(next) || next === 'enum') setOpen(true);
  };

  return { id, problems, isOpen, label, set, onKeyDown, onTypeChange, onToggle: () => setOpen(!isOpen) };
}

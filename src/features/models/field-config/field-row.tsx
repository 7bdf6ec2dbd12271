import { memo, useCallback, useId, useState, type KeyboardEvent } from 'react';
import { FIELD_TYPES, MAX_TEXT_LENGTH, SCALAR_FIELD_TYPES } from '@/contract';
import { EnumValues } from './enum-values';
import { Columns } from './field-columns';
import {
  countErrors,
  isKnownType,
  isNestedType,
  withSetting,
  withType,
  type FieldDraft,
  type FieldErrors,
} from './field-drafts';
import { Check, NumberInput, Setting } from './setting-controls';

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

const FORMAT_PLACEHOLDERS: Record<string, string> = { date: 'YYYY-MM-DD', amount: '0.00', number: '0.##' };

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
  const [open, setOpen] = useState(Boolean(props.initiallyOpen));
  const id = useId();
  const type = typeof draft.spec.type === 'string' ? draft.spec.type : '';
  const problems = countErrors({ ...errors, name: nameProblem });
  const settingProblems = problems - (nameProblem ? 1 : 0);
  const isOpen = open || (revealErrors && settingProblems > 0);
  const label = draft.name || `${nested ? 'column' : 'field'} ${index + 1}`;
  const types: readonly string[] = nested ? SCALAR_FIELD_TYPES : FIELD_TYPES;

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
          label={`${nested ? 'Column' : 'Field'} ${index + 1} name`}
          name={draft.name}
          problem={nameProblem}
          canWrite={canWrite}
          onChange={(name) => onUpdate(draft.key, (d) => ({ ...d, name }))}
        />
        <select
          className="fc-type"
          aria-label={`Type of ${label}`}
          value={type}
          disabled={!canWrite}
          aria-invalid={errors.settings.type ? true : undefined}
          onChange={(event) => {
            const next = event.target.value;
            onUpdate(draft.key, (d) => withType(d, next, !nested));
            if (isNestedType(next) || next === 'enum') setOpen(true);
          }}
        >
          {!isKnownType(type) ? <option value={type}>{type ? `${type} (unknown)` : '(no type)'}</option> : null}
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
        <FieldBadges draft={draft} />
        {problems > 0 ? (
          <span className="fc-problems" title="Problems in this field">
            {problems} {problems === 1 ? 'problem' : 'problems'}
          </span>
        ) : null}
        <FieldRowActions
          label={label}
          settingsId={`${id}-settings`}
          isOpen={isOpen}
          canWrite={canWrite}
          canMoveUp={canMove && index > 0}
          canMoveDown={canMove && index < total - 1}
          onToggle={() => setOpen(!isOpen)}
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

/** The field's name, with its problem among its siblings. */
function FieldNameInput({
  id,
  label,
  name,
  problem,
  canWrite,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  problem: string | undefined;
  canWrite: boolean;
  onChange: (name: string) => void;
}) {
  return (
    <div className="fc-name">
      <input
        id={`${id}-name`}
        className="fc-name-input"
        data-focus="name"
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-name-error` : undefined}
        value={name}
        readOnly={!canWrite}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => onChange(event.target.value)}
      />
      {problem ? (
        <span id={`${id}-name-error`} className="fc-error" role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}

/** Move up and down (for writers), open or close the settings, remove. */
function FieldRowActions({
  label,
  settingsId,
  isOpen,
  canWrite,
  canMoveUp,
  canMoveDown,
  onToggle,
  onMove,
  onRemove,
}: {
  label: string;
  settingsId: string;
  isOpen: boolean;
  canWrite: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onToggle: () => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="fc-actions">
      {canWrite ? (
        <>
          <button
            type="button"
            className="fc-icon-button"
            data-focus="up"
            aria-label={`Move ${label} up`}
            title="Move up (Alt+↑)"
            disabled={!canMoveUp}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="fc-icon-button"
            data-focus="down"
            aria-label={`Move ${label} down`}
            title="Move down (Alt+↓)"
            disabled={!canMoveDown}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
        </>
      ) : null}
      <button type="button" className="fc-toggle" aria-expanded={isOpen} aria-controls={settingsId} onClick={onToggle}>
        <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span> Settings<span className="sr-only"> of {label}</span>
      </button>
      {canWrite ? (
        <button
          type="button"
          className="fc-icon-button fc-remove"
          aria-label={`Remove ${label}`}
          title="Remove"
          onClick={onRemove}
        >
          ✕
        </button>
      ) : null}
    </div>
  );
}

function FieldBadges({ draft }: { draft: FieldDraft }) {
  const badges: string[] = [];
  if (draft.spec.nullable === true) badges.push('nullable');
  if (draft.spec.multiValue === true) badges.push('multi-value');
  if (Array.isArray(draft.spec.enum)) badges.push(`${draft.spec.enum.length} values`);
  if (draft.columns) badges.push(`${draft.columns.length} ${draft.columns.length === 1 ? 'column' : 'columns'}`);
  if (!badges.length) return <span className="fc-badges" />;
  return (
    <span className="fc-badges">
      {badges.map((b) => (
        <span key={b} className="fc-badge">
          {b}
        </span>
      ))}
    </span>
  );
}

type FieldSettingsProps = {
  id: string;
  draft: FieldDraft;
  errors: FieldErrors;
  nested: boolean;
  canWrite: boolean;
  revealErrors: boolean;
  set: (setting: string, value: unknown) => void;
  onUpdate: DraftUpdater;
};

function FieldSettings({ id, draft, errors, nested, canWrite, revealErrors, set, onUpdate }: FieldSettingsProps) {
  const type = draft.spec.type;
  const text = (key: string) => (typeof draft.spec[key] === 'string' ? (draft.spec[key] as string) : '');
  const showEnum = type === 'enum' || draft.spec.enum !== undefined;
  return (
    <div id={id} className="fc-settings">
      <div className="fc-settings-grid">
        <Setting id={`${id}-description`} label="Description" error={errors.settings.description}>
          <textarea
            rows={2}
            value={text('description')}
            readOnly={!canWrite}
            onChange={(e) => set('description', e.target.value || undefined)}
          />
        </Setting>
        <Setting
          id={`${id}-promptHint`}
          label="Prompt hint"
          error={errors.settings.promptHint}
          hint="Extra instruction for the model"
        >
          <textarea
            rows={2}
            value={text('promptHint')}
            readOnly={!canWrite}
            onChange={(e) => set('promptHint', e.target.value || undefined)}
          />
        </Setting>
        <Setting id={`${id}-format`} label="Format" error={errors.settings.format}>
          <input
            value={text('format')}
            readOnly={!canWrite}
            placeholder={typeof type === 'string' ? FORMAT_PLACEHOLDERS[type] : undefined}
            onChange={(e) => set('format', e.target.value || undefined)}
          />
        </Setting>
        <Setting
          id={`${id}-maxLength`}
          label="Max length"
          error={errors.settings.maxLength}
          hint={`1 to ${MAX_TEXT_LENGTH}`}
        >
          <NumberInput value={draft.spec.maxLength} canWrite={canWrite} onChange={(value) => set('maxLength', value)} />
        </Setting>
        <div className="fc-checks">
          <Check
            label="Nullable"
            hint="May be empty"
            checked={draft.spec.nullable === true}
            canWrite={canWrite}
            error={errors.settings.nullable}
            onChange={(on) => set('nullable', on ? true : undefined)}
          />
          <Check
            label="Multi-value"
            hint="May occur several times"
            checked={draft.spec.multiValue === true}
            canWrite={canWrite}
            error={errors.settings.multiValue}
            onChange={(on) => set('multiValue', on ? true : undefined)}
          />
        </div>
        {showEnum ? (
          <Setting id={`${id}-enum`} label="Enum values" error={errors.settings.enum} hint="One value per line">
            <EnumValues values={draft.spec.enum} canWrite={canWrite} onChange={(values) => set('enum', values)} />
          </Setting>
        ) : null}
      </div>
      {errors.settings.type ? <p className="fc-error">Type {errors.settings.type}</p> : null}
      {errors.other.map((message) => (
        <p key={message} className="fc-error">
          {message} — remove it in the JSON view
        </p>
      ))}
      {!nested && draft.columns ? (
        <Columns parent={draft} errors={errors} canWrite={canWrite} revealErrors={revealErrors} onUpdate={onUpdate} />
      ) : null}
      {!nested && errors.settings.fields ? <p className="fc-error">Columns {errors.settings.fields}</p> : null}
    </div>
  );
}

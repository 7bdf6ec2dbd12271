/**
 * The compact header line of a field row: the field's name, its type, badges for what its settings say, and its
 * actions (move, open the settings, remove). What a row shows before its settings are opened.
 */
import { FIELD_TYPES, SCALAR_FIELD_TYPES } from '@/contract';
import { isKnownType, type FieldDraft } from './field-drafts';

/** The field's name, with its problem among its siblings. */
export function FieldNameInput({
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

/** The field's type: scalar types only for a column; a type the console does not know is shown as it is. */
export function FieldTypeSelect({
  label,
  type: value,
  nested,
  invalid,
  canWrite,
  onChange,
}: {
  label: string;
  type: unknown;
  nested: boolean;
  invalid: boolean;
  canWrite: boolean;
  onChange: (type: string) => void;
}) {
  const type = typeof value === 'string' ? value : '';
  const types: readonly string[] = nested ? SCALAR_FIELD_TYPES : FIELD_TYPES;
  return (
    <select
      className="fc-type"
      aria-label={`Type of ${label}`}
      value={type}
      disabled={!canWrite}
      aria-invalid={invalid ? true : undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      {!isKnownType(type) ? <option value={type}>{type ? `${type} (unknown)` : '(no type)'}</option> : null}
      {types.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}

export function FieldBadges({ draft }: { draft: FieldDraft }) {
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

/** Move up and down (for writers), open or close the settings, remove. */
export function FieldRowActions({
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
          <MoveButton direction="up" label={label} disabled={!canMoveUp} onMove={onMove} />
          <MoveButton direction="down" label={label} disabled={!canMoveDown} onMove={onMove} />
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

const MOVES = { up: { delta: -1, arrow: '↑' }, down: { delta: 1, arrow: '↓' } } as const;

/** One place up or down; its shortcut (Alt+↑ / Alt+↓ on the row) in its title. */
function MoveButton({
  direction,
  label,
  disabled,
  onMove,
}: {
  direction: keyof typeof MOVES;
  label: string;
  disabled: boolean;
  onMove: (delta: number) => void;
}) {
  const { delta, arrow } = MOVES[direction];
  return (
    <button
      type="button"
      className="fc-icon-button"
      data-focus={direction}
      aria-label={`Move ${label} ${direction}`}
      title={`Move ${direction} (Alt+${arrow})`}
      disabled={disabled}
      onClick={() => onMove(delta)}
    >
      {arrow}
    </button>
  );
}

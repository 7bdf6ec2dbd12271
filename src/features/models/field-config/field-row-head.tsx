/**
 * The compact header line of a field row: the field's name, its type, badges for what its settings say, and its
 * actions (move, open the settings, remove). What a row shows before its settings are opened.
 */
import { msg, plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { i18n } from '@/i18n/i18n';
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
      aria-label={t`Type of ${label}`}
      value={type}
      disabled={!canWrite}
      aria-invalid={invalid ? true : undefined}
      onChange={(event) => onChange(event.target.value)}
    >
      {!isKnownType(type) ? <option value={type}>{type ? t`${type} (unknown)` : t`(no type)`}</option> : null}
      {types.map((value) => (
        <option key={value} value={value}>
          {typeWord(value)}
        </option>
      ))}
    </select>
  );
}

/** The words of the field types (the select's value stays the API's type). */
const TYPE_WORDS: Record<string, MessageDescriptor> = {
  string: msg({ message: 'string', context: 'field type' }),
  number: msg({ message: 'number', context: 'field type' }),
  amount: msg({ message: 'amount', context: 'field type' }),
  date: msg({ message: 'date', context: 'field type' }),
  boolean: msg({ message: 'boolean', context: 'field type' }),
  enum: msg({ message: 'enum', context: 'field type' }),
  lines: msg({ message: 'lines', context: 'field type' }),
  table: msg({ message: 'table', context: 'field type' }),
};

function typeWord(type: string): string {
  const word = TYPE_WORDS[type];
  return word ? i18n._(word) : type;
}

export function FieldBadges({ draft }: { draft: FieldDraft }) {
  const badges: string[] = [];
  if (draft.spec.nullable === true) badges.push(t`nullable`);
  if (draft.spec.multiValue === true) badges.push(t`multi-value`);
  if (Array.isArray(draft.spec.enum)) {
    const valueCount = draft.spec.enum.length;
    badges.push(plural(valueCount, { one: '# value', other: '# values' }));
  }
  if (draft.columns) {
    const columnCount = draft.columns.length;
    badges.push(plural(columnCount, { one: '# column', other: '# columns' }));
  }
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
        <span aria-hidden="true">{isOpen ? '▾' : '▸'}</span>{' '}
        <Trans>
          Settings<span className="sr-only"> of {label}</span>
        </Trans>
      </button>
      {canWrite ? (
        <button
          type="button"
          className="fc-icon-button fc-remove"
          aria-label={t`Remove ${label}`}
          title={t`Remove`}
          onClick={onRemove}
        >
          ✕
        </button>
      ) : null}
    </div>
  );
}

const MOVES = { up: { delta: -1, arrow: '↑' }, down: { delta: 1, arrow: '↓' } } as const;

/** A move button's name and its title with the shortcut, as whole sentences. */
function moveWords(direction: keyof typeof MOVES, label: string): { name: string; title: string } {
  return direction === 'up'
    ? { name: t`Move ${label} up`, title: t`Move up (Alt+↑)` }
    : { name: t`Move ${label} down`, title: t`Move down (Alt+↓)` };
}

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
  const words = moveWords(direction, label);
  return (
    <button
      type="button"
      className="fc-icon-button"
      data-focus={direction}
      aria-label={words.name}
      title={words.title}
      disabled={disabled}
      onClick={() => onMove(delta)}
    >
      {arrow}
    </button>
  );
}

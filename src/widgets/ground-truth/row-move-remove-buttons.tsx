import { t } from '@lingui/core/macro';

type RowMoveRemoveButtonsProps = {
  /** The row's name in the buttons' labels ("Move Total up", "Remove Total"). */
  name: string;
  isFirst: boolean;
  isLast: boolean;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onRemove: () => void;
};

/**
 * Move up, move down and remove: the buttons of a ground-truth field row and of a line-items grid row. The move
 * buttons carry `data-move` so a row can put the focus back on one after it moved.
 */
export function RowMoveRemoveButtons({
  name,
  isFirst,
  isLast,
  onMoveUp,
  onMoveDown,
  onRemove,
}: RowMoveRemoveButtonsProps) {
  return (
    <>
      <MoveButton name={name} to="up" disabled={isFirst} onClick={onMoveUp} />
      <MoveButton name={name} to="down" disabled={isLast} onClick={onMoveDown} />
      <button
        type="button"
        className="gt-icon-button gt-icon-button--danger"
        aria-label={t`Remove ${name}`}
        onClick={onRemove}
      >
        ✕
      </button>
    </>
  );
}

function MoveButton({
  name,
  to,
  disabled,
  onClick,
}: {
  name: string;
  to: 'up' | 'down';
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="gt-icon-button"
      aria-label={to === 'up' ? t`Move ${name} up` : t`Move ${name} down`}
      disabled={disabled}
      data-move={to}
      onClick={onClick}
    >
      {to === 'up' ? '↑' : '↓'}
    </button>
  );
}

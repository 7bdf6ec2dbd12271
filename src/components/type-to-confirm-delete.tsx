import { ConfirmDialog } from './confirm-dialog';

/**
 * The irreversible delete of one resource from its screen: a danger button, then the confirm dialog asking to type the
 * resource's name (or id) first. `onDelete` deletes (and navigates away); the dialog shows its error if it fails.
 */
export function TypeToConfirmDelete({
  title,
  confirmLabel,
  name,
  description,
  buttonLabel = confirmLabel,
  onDelete,
}: {
  /** The dialog's question, whole: `(name) => t\`Delete app client ${name}?\``. */
  title: (name: string) => string;
  /** The confirm button, and the danger button unless `buttonLabel`: t`Delete app client`. */
  confirmLabel: string;
  /** What the operator types to confirm, and how the title names the resource. */
  name: string;
  /** What the delete breaks; end with "This cannot be undone." */
  description: string;
  buttonLabel?: string;
  onDelete: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      trigger={
        <button type="button" className="button button--danger">
          {buttonLabel}
        </button>
      }
      title={title(name)}
      description={description}
      confirmLabel={confirmLabel}
      tone="danger"
      typeToConfirm={name}
      onConfirm={onDelete}
    />
  );
}

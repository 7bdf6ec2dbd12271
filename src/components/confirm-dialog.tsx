/**
 * The one confirm dialog (Radix AlertDialog). `onConfirm` may return a promise: the dialog stays open with the button
 * busy, closes when it resolves, and shows the error (the service's message) when it rejects.
 * `typeToConfirm` makes irreversible deletes ask the operator to type a word (the resource's name or id) first.
 *
 *   import { ConfirmDialog } from '../../components/confirm-dialog';
 *   <ConfirmDialog
 *     trigger={<button className="button button--danger">Delete</button>}   // or control it with open/onOpenChange
 *     title={`Delete user ${user.name}?`}
 *     description="The user can no longer sign in. This cannot be undone."
 *     confirmLabel="Delete user"
 *     tone="danger"
 *     typeToConfirm={user.email}
 *     onConfirm={() => deleteUser.mutateAsync(user.userId)}
 *   />
 */
import { useId, useState, type ReactNode } from 'react';
import { AlertDialog } from 'radix-ui';
import { explainError } from '../api/errors';
import { IconAlert } from './icons';

export interface ConfirmDialogProps {
  title: ReactNode;
  description?: ReactNode;
  /** Text of the confirm button: say what happens ("Delete user"), not "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'default';
  /** The exact text the operator must type to enable the confirm button. */
  typeToConfirm?: string;
  onConfirm: () => unknown | Promise<unknown>;
  /** Uncontrolled: the element that opens the dialog. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  typeToConfirm,
  onConfirm,
  trigger,
  open: openProp,
  onOpenChange,
  children,
}: ConfirmDialogProps) {
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const inputId = useId();

  const setOpen = (next: boolean) => {
    if (busy) return;
    if (!next) {
      setTyped('');
      setError(null);
    }
    setOpenState(next);
    onOpenChange?.(next);
  };

  const matches = typeToConfirm === undefined || typed === typeToConfirm;
  const confirm = async () => {
    if (!matches || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      setTyped('');
      setOpenState(false);
      onOpenChange?.(false);
    } catch (caught) {
      setBusy(false);
      setError(caught);
    }
  };

  const explained = error ? explainError(error) : null;
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" onEscapeKeyDown={(e) => busy && e.preventDefault()}>
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description> : <AlertDialog.Description className="sr-only">Confirm or cancel.</AlertDialog.Description>}
          {children}
          {typeToConfirm !== undefined ? (
            <div className="field">
              <label className="field__label" htmlFor={inputId}>
                Type <code>{typeToConfirm}</code> to confirm
              </label>
              <input
                id={inputId}
                className="input"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void confirm();
                  }
                }}
              />
            </div>
          ) : null}
          {explained ? (
            <div className="banner banner--danger" role="alert">
              <IconAlert />
              <div className="banner__text">
                <div className="banner__title">{explained.title}</div>
                <div>{explained.detail}</div>
              </div>
            </div>
          ) : null}
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button" disabled={busy}>{cancelLabel}</AlertDialog.Cancel>
            <button
              type="button"
              className={tone === 'danger' ? 'button button--danger' : 'button button--primary'}
              disabled={!matches || busy}
              onClick={() => void confirm()}
            >
              {busy ? <span className="spinner" aria-hidden="true" /> : null}
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

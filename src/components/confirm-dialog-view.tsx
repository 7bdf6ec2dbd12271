// The confirm dialog's Radix part, loaded on demand by ./confirm-dialog.tsx (mounted only while open, so its typed
// text, busy state and error start fresh every time; Radix's focus scope returns focus to the trigger on unmount).
import { useId, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { AlertDialog } from 'radix-ui';
import { explainError } from '@/api/errors';
import type { ConfirmDialogProps } from './confirm-dialog';
import { IconAlert } from './icons';
import { useReturnFocus } from './return-focus';

/** Runs the confirm action once at a time: busy while it runs, its error kept to show, closing when it succeeds. */
function useConfirmAction(onConfirm: ConfirmDialogProps['onConfirm'], onClose: () => void, matches: boolean) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = async () => {
    if (!matches || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (caught) {
      setBusy(false);
      setError(caught);
    }
  };
  return { busy, error, confirm };
}

/** An irreversible action's guard: the name typed out; Enter confirms. */
function TypeToConfirmField({
  expected,
  typed,
  onType,
  onEnter,
}: {
  expected: string;
  typed: string;
  onType: (typed: string) => void;
  onEnter: () => void;
}) {
  const inputId = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        <Trans>
          Type <code>{expected}</code> to confirm
        </Trans>
      </label>
      <input
        id={inputId}
        className="input"
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(e) => onType(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onEnter();
          }
        }}
      />
    </div>
  );
}

function ConfirmFailure({ error }: { error: unknown }) {
  const explained = explainError(error);
  return (
    <div className="banner banner--danger" role="alert">
      <IconAlert />
      <div className="banner__text">
        <div className="banner__title">{explained.title}</div>
        <div>{explained.detail}</div>
      </div>
    </div>
  );
}

export function ConfirmDialogView({
  title,
  description,
  confirmLabel,
  cancelLabel = t`Cancel`,
  tone = 'default',
  typeToConfirm,
  onConfirm,
  onClose,
  children,
}: Omit<ConfirmDialogProps, 'trigger' | 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const returnFocus = useReturnFocus(true);
  const [typed, setTyped] = useState('');
  const matches = typeToConfirm === undefined || typed === typeToConfirm;
  const { busy, error, confirm } = useConfirmAction(onConfirm, onClose, matches);

  const setOpen = (next: boolean) => {
    if (!next && !busy) onClose();
  };

  return (
    <AlertDialog.Root open onOpenChange={setOpen}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content
          className="dialog"
          onEscapeKeyDown={(e) => busy && e.preventDefault()}
          onCloseAutoFocus={returnFocus}
        >
          <AlertDialog.Title className="dialog__title">{title}</AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="dialog__description">{description}</AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">
              <Trans>Confirm or cancel.</Trans>
            </AlertDialog.Description>
          )}
          {children}
          {typeToConfirm !== undefined ? (
            <TypeToConfirmField
              expected={typeToConfirm}
              typed={typed}
              onType={setTyped}
              onEnter={() => void confirm()}
            />
          ) : null}
          {error ? <ConfirmFailure error={error} /> : null}
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button" disabled={busy}>
              {cancelLabel}
            </AlertDialog.Cancel>
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

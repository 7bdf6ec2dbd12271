/**
 * The one confirm dialog (Radix AlertDialog). `onConfirm` may return a promise: the dialog stays open with the button
 * busy, closes when it resolves, and shows the error (the service's message) when it rejects.
 * `typeToConfirm` makes irreversible deletes ask the operator to type a word (the resource's name or id) first.
 *
 *   import { ConfirmDialog } from '@/components/confirm-dialog';
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
import {
  cloneElement,
  isValidElement,
  lazy,
  Suspense,
  useEffect,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

// Radix AlertDialog and the dialog's body load after the first paint, so a screen with delete buttons does not carry
// them in its first-screen code.
const loadView = () => import('./confirm-dialog-view');
const ConfirmDialogView = lazy(() => loadView().then((m) => ({ default: m.ConfirmDialogView })));

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

export function ConfirmDialog({ trigger, open: openProp, onOpenChange, ...dialog }: ConfirmDialogProps) {
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  useEffect(() => void loadView(), []);

  return (
    <>
      {isValidElement<{ onClick?: (event: MouseEvent) => void }>(trigger)
        ? cloneElement(trigger as ReactElement<Record<string, unknown>>, {
            'aria-haspopup': 'dialog',
            'aria-expanded': open,
            onClick: (event: MouseEvent) => {
              trigger.props.onClick?.(event);
              if (!event.defaultPrevented) setOpen(true);
            },
          })
        : trigger}
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialogView {...dialog} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

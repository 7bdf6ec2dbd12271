import { useBlocker } from '@tanstack/react-router';
import { AlertDialog } from 'radix-ui';

/**
 * Stops in-app navigation while `dirty` (asks first) and makes the browser ask on reload or tab close. `message`
 * names what would be lost.
 */
export function UnsavedChangesGuard({ dirty, message }: { dirty: boolean; message: string }) {
  const blocker = useBlocker({ shouldBlockFn: () => dirty, enableBeforeUnload: () => dirty, withResolver: true });
  const open = blocker.status === 'blocked';
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => { if (!next && open) blocker.reset?.(); }}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog__title">Leave without saving?</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">{message}</AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="button" onClick={() => blocker.reset?.()}>Stay</button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="button button--danger" onClick={() => blocker.proceed?.()}>Discard changes and leave</button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

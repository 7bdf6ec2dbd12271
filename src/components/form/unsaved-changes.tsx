/**
 * Unsaved-changes guard. <Form> renders <UnsavedChangesGuard> itself; use it directly only for editors that are not
 * a <Form> (e.g. a field-config editor): `<UnsavedChangesGuard when={hasChanges} />`.
 * Blocks route navigation (TanStack useBlocker, with a confirm dialog) and reload/close of the tab (beforeunload).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { useBlocker } from '@tanstack/react-router';
import { AlertDialog } from 'radix-ui';
import { useReturnFocus } from '@/components/return-focus';

export function UnsavedChangesGuard({ when, submittingRef }: { when: boolean; submittingRef?: RefObject<boolean> }) {
  // The blocker reads the latest values when a navigation starts (not the ones of the render that created it).
  const whenRef = useRef(when);
  useEffect(() => {
    whenRef.current = when;
  }, [when]);
  const shouldBlock = () => whenRef.current && !(submittingRef?.current ?? false);

  const blocker = useBlocker({
    shouldBlockFn: shouldBlock,
    enableBeforeUnload: shouldBlock,
    withResolver: true,
  });

  return (
    <DiscardChangesDialog
      open={blocker.status === 'blocked'}
      onStay={() => blocker.reset?.()}
      onDiscard={() => blocker.proceed?.()}
      leaveLabel={t`Leave and discard`}
    />
  );
}

/** "You have unsaved changes" — shared by the route guard and <FormDialog>. */
export function DiscardChangesDialog({
  open,
  onStay,
  onDiscard,
  leaveLabel = t`Discard changes`,
}: {
  open: boolean;
  onStay: () => void;
  onDiscard: () => void;
  leaveLabel?: string;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onStay()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog" onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title className="dialog__title">
            <Trans>Discard unsaved changes?</Trans>
          </AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            <Trans>You changed this form and did not save. Leaving now loses those changes.</Trans>
          </AlertDialog.Description>
          <div className="dialog__actions">
            <AlertDialog.Cancel className="button">
              <Trans>Keep editing</Trans>
            </AlertDialog.Cancel>
            <AlertDialog.Action className="button button--danger" onClick={onDiscard}>
              {leaveLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

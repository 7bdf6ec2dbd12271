/**
 * A dialog holding a <Form>: closing it (Esc, outside click, the close button, Cancel) while the form has unsaved
 * changes asks "Discard unsaved changes?" first. The form reports its dirty state by itself (FormDirtyContext).
 *
 *   <FormDialog open={open} onOpenChange={setOpen} title="Create role" description="…">
 *     <RoleForm onDone={() => setOpen(false)} />          // a <Form> inside; put <DialogCancel /> next to Submit
 *   </FormDialog>
 */
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { t } from '@lingui/core/macro';
import { Dialog } from 'radix-ui';
import { IconClose } from '@/components/icons';
import { useReturnFocus } from '@/components/return-focus';
import { FormDirtyContext } from './form';
import { DiscardChangesDialog } from './unsaved-changes';

const RequestCloseContext = createContext<(() => void) | null>(null);

export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  wide,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const dirty = useRef(false);
  const returnFocus = useReturnFocus(open);
  const [asking, setAsking] = useState(false);
  const reportDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const requestClose = useCallback(() => {
    if (dirty.current) setAsking(true);
    else onOpenChange(false);
  }, [onOpenChange]);

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : requestClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className={`dialog${wide ? ' dialog--wide' : ''}`}
          onCloseAutoFocus={returnFocus}
          // Without a description, tell Radix there is none (it links its Description automatically otherwise).
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">{title}</Dialog.Title>
            <button type="button" className="icon-button" aria-label={t`Close`} onClick={requestClose}>
              <IconClose />
            </button>
          </div>
          {description ? <Dialog.Description className="dialog__description">{description}</Dialog.Description> : null}
          <FormDirtyContext.Provider value={reportDirty}>
            <RequestCloseContext.Provider value={requestClose}>{children}</RequestCloseContext.Provider>
          </FormDirtyContext.Provider>
        </Dialog.Content>
      </Dialog.Portal>
      <DiscardChangesDialog
        open={asking}
        onStay={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          dirty.current = false;
          onOpenChange(false);
        }}
      />
    </Dialog.Root>
  );
}

/** A Cancel button for a form inside <FormDialog> (goes through the same unsaved-changes check). */
export function DialogCancel({ children = t`Cancel` }: { children?: ReactNode }) {
  const requestClose = useContext(RequestCloseContext);
  return (
    <button type="button" className="button" onClick={() => requestClose?.()}>
      {children}
    </button>
  );
}

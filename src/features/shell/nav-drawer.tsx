import { Dialog, VisuallyHidden } from 'radix-ui';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { IconClose } from '@/components/icons';
import { useReturnFocus } from '@/components/return-focus';
import { SidebarContent } from './sidebar';

/** The sidebar as a drawer below 860px; loaded when first opened (Radix Dialog stays out of the first screen's code). */
export function NavDrawer({
  open,
  onOpenChange,
  organizationName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  organizationName: string;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <VisuallyHidden.Root>
            <Dialog.Title>
              <Trans>Navigation</Trans>
            </Dialog.Title>
          </VisuallyHidden.Root>
          <Dialog.Close className="icon-button drawer__close" aria-label={t`Close navigation`}>
            <IconClose />
          </Dialog.Close>
          <SidebarContent organizationName={organizationName} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

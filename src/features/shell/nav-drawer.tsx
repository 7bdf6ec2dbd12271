import { Dialog, VisuallyHidden } from 'radix-ui';
import { IconClose } from '@/components/icons';
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
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay" />
        <Dialog.Content className="drawer" aria-describedby={undefined}>
          <VisuallyHidden.Root>
            <Dialog.Title>Navigation</Dialog.Title>
          </VisuallyHidden.Root>
          <Dialog.Close className="icon-button drawer__close" aria-label="Close navigation">
            <IconClose />
          </Dialog.Close>
          <SidebarContent organizationName={organizationName} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { Dialog } from 'radix-ui';
import { IconClose } from '@/components/icons';
import { useReturnFocus } from '@/components/return-focus';
import { useNavItems } from './nav-items';

/** The palette, this list and Esc: on every screen. */
function AnywhereShortcuts() {
  return (
    <section>
      <h3>Anywhere</h3>
      <dl>
        <dt>Jump to a screen or paste an id</dt>
        <dd>
          <kbd>⌘</kbd>/<kbd>Ctrl</kbd>
          <kbd>K</kbd>
        </dd>
        <dt>Show these shortcuts</dt>
        <dd>
          <kbd>?</kbd>
        </dd>
        <dt>Close a dialog or menu</dt>
        <dd>
          <kbd>Esc</kbd>
        </dd>
      </dl>
    </section>
  );
}

/** The document viewer's and the review editor's keys. */
function DocumentShortcuts() {
  return (
    <section>
      <h3>Documents and review</h3>
      <dl>
        <dt>Next field that needs attention</dt>
        <dd>
          <kbd>Enter</kbd>
        </dd>
        <dt>Pick a field’s words on the page</dt>
        <dd>
          <kbd>Alt</kbd>
          <kbd>P</kbd> in the field, <kbd>W</kbd> on the page
        </dd>
        <dt>Move the box, widen it, take its words</dt>
        <dd>
          <kbd>←</kbd>
          <kbd>→</kbd>
          <kbd>↑</kbd>
          <kbd>↓</kbd>, with <kbd>Shift</kbd>, then <kbd>Enter</kbd>
        </dd>
        <dt>Save, or confirm a review</dt>
        <dd>
          <kbd>⌘</kbd>/<kbd>Ctrl</kbd>
          <kbd>S</kbd>
        </dd>
        <dt>Zoom the page, rotate it</dt>
        <dd>
          <kbd>+</kbd> <kbd>−</kbd>, <kbd>R</kbd>
        </dd>
      </dl>
    </section>
  );
}

/** `g` then a screen's key, for every screen the sidebar lists. */
function GoToShortcuts() {
  const navItems = useNavItems();
  return (
    <section>
      <h3>Go to</h3>
      <dl>
        {navItems.map((item) => (
          <div key={item.to} style={{ display: 'contents' }}>
            <dt>{item.label}</dt>
            <dd>
              <kbd>g</kbd> then <kbd>{item.key}</kbd>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** `?`: the list of keyboard shortcuts. */
export function KeyboardShortcuts({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <div className="dialog__header">
            <Dialog.Title className="dialog__title">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label="Close">
              <IconClose />
            </Dialog.Close>
          </div>
          <div className="shortcuts">
            <AnywhereShortcuts />
            <DocumentShortcuts />
            <GoToShortcuts />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

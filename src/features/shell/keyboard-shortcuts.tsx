import { Dialog } from 'radix-ui';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { IconClose } from '@/components/icons';
import { useReturnFocus } from '@/components/return-focus';
import { useNavItems } from './nav-items';

// Key names as printed on keyboards: not translated (the sentences around them are).
const CTRL = 'Ctrl';
const ESC = 'Esc';
const ENTER = 'Enter';
const ALT = 'Alt';
const SHIFT = 'Shift';

/** The palette, this list and Esc: on every screen. */
function AnywhereShortcuts() {
  return (
    <section>
      <h3>
        <Trans>Anywhere</Trans>
      </h3>
      <dl>
        <dt>
          <Trans>Jump to a screen or paste an id</Trans>
        </dt>
        <dd>
          <kbd>⌘</kbd>/<kbd>{CTRL}</kbd>
          <kbd>K</kbd>
        </dd>
        <dt>
          <Trans>Show these shortcuts</Trans>
        </dt>
        <dd>
          <kbd>?</kbd>
        </dd>
        <dt>
          <Trans>Close a dialog or menu</Trans>
        </dt>
        <dd>
          <kbd>{ESC}</kbd>
        </dd>
      </dl>
    </section>
  );
}

/** The document viewer's and the review editor's keys. */
function DocumentShortcuts() {
  return (
    <section>
      <h3>
        <Trans>Documents and review</Trans>
      </h3>
      <dl>
        <dt>
          <Trans>Next field that needs attention</Trans>
        </dt>
        <dd>
          <kbd>{ENTER}</kbd>
        </dd>
        <dt>
          <Trans>Pick a field’s words on the page</Trans>
        </dt>
        <dd>
          <Trans>
            <kbd>{ALT}</kbd>
            <kbd>P</kbd> in the field, <kbd>W</kbd> on the page
          </Trans>
        </dd>
        <dt>
          <Trans>Move the box, widen it, take its words</Trans>
        </dt>
        <dd>
          <Trans>
            <kbd>←</kbd>
            <kbd>→</kbd>
            <kbd>↑</kbd>
            <kbd>↓</kbd>, with <kbd>{SHIFT}</kbd>, then <kbd>{ENTER}</kbd>
          </Trans>
        </dd>
        <dt>
          <Trans>Save, or confirm a review</Trans>
        </dt>
        <dd>
          <kbd>⌘</kbd>/<kbd>{CTRL}</kbd>
          <kbd>S</kbd>
        </dd>
        <dt>
          <Trans>Zoom the page, rotate it</Trans>
        </dt>
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
      <h3>
        <Trans>Go to</Trans>
      </h3>
      <dl>
        {navItems.map((item) => (
          <div key={item.to} style={{ display: 'contents' }}>
            <dt>{item.label}</dt>
            <dd>
              <GoKeys screenKey={item.key} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** "g then r": the two keys that open a screen. */
function GoKeys({ screenKey }: { screenKey: string }) {
  return (
    <Trans>
      <kbd>g</kbd> then <kbd>{screenKey}</kbd>
    </Trans>
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
            <Dialog.Title className="dialog__title">
              <Trans>Keyboard shortcuts</Trans>
            </Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t`Close`}>
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

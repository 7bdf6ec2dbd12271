import { useLayoutEffect, useRef } from 'react';

/**
 * Gives focus back to what opened a dialog once it closes (WCAG 2.4.3, Focus Order). Radix does that only for its own
 * Dialog.Trigger; ours open from state (a button, a menu item, a shortcut, a row's action), so focus used to fall to
 * <body> and a keyboard user started again from the top of the page.
 *
 * What has focus as the dialog opens is remembered in a layout effect — before the dialog's focus scope, in a passive
 * effect, moves focus inside — and focused again on close. When it is gone (a menu item, a deleted row's button),
 * focus goes to `fallback` or else to the screen's <main>. Pass the returned handler as the dialog content's
 * `onCloseAutoFocus`.
 */
export function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open && active instanceof HTMLElement && active !== document.body) opener.current = active;
  }, [open]);
  return (event: Event) => {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : (fallback?.() ?? document.getElementById('main'));
    opener.current = null;
    target?.focus();
  };
}

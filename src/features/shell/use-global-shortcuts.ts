import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { createGoSequence } from './go-sequence';
import { useNavItems } from './nav-items';

/** True when the key press belongs to a text field (shortcuts other than ⌘K must not steal typing). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/** ⌘K / Ctrl+K palette, `?` shortcuts, `g` + key to go to a screen (see keyboard-shortcuts.tsx). */
export function useGlobalShortcuts({
  openPalette,
  openShortcuts,
}: {
  openPalette: () => void;
  openShortcuts: () => void;
}) {
  const navigate = useNavigate();
  const navItems = useNavItems();
  const goSequence = useRef(createGoSequence());
  const handlers = useRef({ openPalette, openShortcuts, navItems });
  useEffect(() => {
    handlers.current = { openPalette, openShortcuts, navItems };
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        handlers.current.openPalette();
        return;
      }
      if (event.metaKey || event.ctrlKey || event.altKey || event.defaultPrevented || isTyping(event.target)) return;
      // Inside an open dialog the keys belong to it.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      if (event.key === '?') {
        event.preventDefault();
        handlers.current.openShortcuts();
        return;
      }
      const next = goSequence.current.press(event.key, event.timeStamp);
      if (next === null) return;
      const item = handlers.current.navItems.find((nav) => nav.key === next);
      if (item) {
        event.preventDefault();
        void navigate({ to: item.to });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}

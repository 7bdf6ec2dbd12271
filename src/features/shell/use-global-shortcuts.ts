import { useEffect, useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
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
  const pendingG = useRef<number>(0);
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
      if (event.key === 'g') {
        pendingG.current = Date.now();
        return;
      }
      if (pendingG.current && Date.now() - pendingG.current < 1200) {
        pendingG.current = 0;
        const item = handlers.current.navItems.find((nav) => nav.key === event.key);
        if (item) {
          event.preventDefault();
          void navigate({ to: item.to });
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}

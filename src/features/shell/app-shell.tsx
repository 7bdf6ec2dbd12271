import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { Session } from '@/api/session';
import { IconKeyboard, IconMenu, IconSearch } from '@/components/icons';
import { Breadcrumbs } from './breadcrumbs';
import { useNavigating } from './pending-bar';
import { SidebarContent } from './sidebar';
import { ThemeToggle } from './theme-toggle';
import { useGlobalShortcuts } from './use-global-shortcuts';

// Menus and dialogs the first paint does not need load right after it (keeps the initial JavaScript small).
const loadPalette = () => import('./command-palette');
const loadShortcuts = () => import('./keyboard-shortcuts');
const loadOperatorMenu = () => import('./operator-menu');
const loadNavDrawer = () => import('./nav-drawer');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
const KeyboardShortcuts = lazy(() => loadShortcuts().then((m) => ({ default: m.KeyboardShortcuts })));
const OperatorMenu = lazy(() => loadOperatorMenu().then((m) => ({ default: m.OperatorMenu })));
const NavDrawer = lazy(() => loadNavDrawer().then((m) => ({ default: m.NavDrawer })));

/** The frame of every signed-in screen: sidebar (a drawer below 860px), top bar, and the screen. */
export function AppShell({ session }: { session: Session }) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const navigating = useNavigating();
  useGlobalShortcuts({ openPalette: () => setPaletteOpen(true), openShortcuts: () => setShortcutsOpen(true) });
  useEffect(() => {
    const preload = () => void Promise.all([loadPalette(), loadShortcuts(), loadOperatorMenu(), loadNavDrawer()]);
    const id = window.setTimeout(preload, 300);
    return () => window.clearTimeout(id);
  }, []);

  // Close the drawer when a navigation happens (a link in it was followed).
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [drawerPath, setDrawerPath] = useState(pathname);
  if (drawerPath !== pathname) {
    setDrawerPath(pathname);
    if (drawerOpen) setDrawerOpen(false);
  }

  const organizationName = session.organization?.name || session.organization?.organizationId || t`No organization`;

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <aside className="shell__sidebar" aria-label={t`Sidebar`}>
        <SidebarContent organizationName={organizationName} />
      </aside>

      {drawerOpen ? (
        <Suspense fallback={null}>
          <NavDrawer open={drawerOpen} onOpenChange={setDrawerOpen} organizationName={organizationName} />
        </Suspense>
      ) : null}

      <div className="shell__main">
        <header className="topbar">
          <button
            type="button"
            className="icon-button topbar__menu"
            aria-label={t`Open navigation`}
            onClick={() => setDrawerOpen(true)}
          >
            <IconMenu />
          </button>
          <Breadcrumbs />
          <div className="topbar__actions">
            <TopbarButtons openPalette={() => setPaletteOpen(true)} openShortcuts={() => setShortcutsOpen(true)} />
            <ThemeToggle />
            <Suspense
              fallback={<OperatorTriggerPlaceholder name={session.operator.name} role={session.operator.role} />}
            >
              <OperatorMenu session={session} />
            </Suspense>
          </div>
        </header>
        <main id="main" className="shell__content" tabIndex={-1} aria-busy={navigating || undefined}>
          <Outlet />
        </main>
      </div>

      <Suspense fallback={null}>
        {paletteOpen ? <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} /> : null}
        {shortcutsOpen ? <KeyboardShortcuts open={shortcutsOpen} onOpenChange={setShortcutsOpen} /> : null}
      </Suspense>
    </div>
  );
}

/** The palette's trigger (named by the words it shows) and the keyboard shortcuts' button. */
function TopbarButtons({ openPalette, openShortcuts }: { openPalette: () => void; openShortcuts: () => void }) {
  return (
    <>
      <button
        type="button"
        className="search-trigger"
        onClick={openPalette}
        // Named by the words it shows (WCAG 2.5.3); narrow screens hide them from sight only, not from the name.
        aria-keyshortcuts="Meta+K Control+K"
      >
        <IconSearch />
        <span className="search-trigger__text">
          <Trans>Jump to or paste an id…</Trans>
        </span>
        <kbd>⌘K</kbd>
      </button>
      <button
        type="button"
        className="icon-button hide-narrow"
        aria-label={t`Keyboard shortcuts (?)`}
        onClick={openShortcuts}
      >
        <IconKeyboard />
      </button>
    </>
  );
}

/** Looks like the operator menu's trigger for the moment before its code arrives. */
function OperatorTriggerPlaceholder({ name, role }: { name: string; role: Session['operator']['role'] }) {
  const roleName = role === 'admin' ? t`Administrator` : role === 'viewer' ? t`Viewer (read only)` : t`Reviewer`;
  return (
    <button
      type="button"
      className="operator-trigger"
      aria-label={t`Operator ${name}, ${roleName}. Open menu`}
      aria-disabled="true"
    >
      <span className="avatar" data-initial={name.slice(0, 1).toUpperCase()} aria-hidden="true" />
      <span className="operator-trigger__name hide-narrow">{name}</span>
    </button>
  );
}

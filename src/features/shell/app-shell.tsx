import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Dialog, VisuallyHidden } from 'radix-ui';
import type { Session } from '../../api/session';
import { IconClose, IconKeyboard, IconMenu, IconSearch } from '../../components/icons';
import { Breadcrumbs } from './breadcrumbs';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { ThemeToggle } from './theme-toggle';
import { useGlobalShortcuts } from './use-global-shortcuts';

// Menus and dialogs the first paint does not need load right after it (keeps the initial JavaScript small).
const loadPalette = () => import('./command-palette');
const loadShortcuts = () => import('./keyboard-shortcuts');
const loadOperatorMenu = () => import('./operator-menu');
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
const KeyboardShortcuts = lazy(() => loadShortcuts().then((m) => ({ default: m.KeyboardShortcuts })));
const OperatorMenu = lazy(() => loadOperatorMenu().then((m) => ({ default: m.OperatorMenu })));

/** The frame of every signed-in screen: sidebar (a drawer below 860px), top bar, and the screen. */
export function AppShell({ session }: { session: Session }) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useGlobalShortcuts({ openPalette: () => setPaletteOpen(true), openShortcuts: () => setShortcutsOpen(true) });
  useEffect(() => {
    const preload = () => void Promise.all([loadPalette(), loadShortcuts(), loadOperatorMenu()]);
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

  const organizationName = session.organization?.name || session.organization?.organizationId || 'No organization';

  return (
    <div className="shell">
      <a className="skip-link" href="#main">Skip to content</a>
      <aside className="shell__sidebar" aria-label="Sidebar">
        <SidebarContent organizationName={organizationName} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
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

      <div className="shell__main">
        <header className="topbar">
          <button type="button" className="icon-button topbar__menu" aria-label="Open navigation" onClick={() => setDrawerOpen(true)}>
            <IconMenu />
          </button>
          <Breadcrumbs />
          <div className="topbar__actions">
            <button type="button" className="search-trigger" onClick={() => setPaletteOpen(true)} aria-label="Search and jump to (⌘K)">
              <IconSearch />
              <span className="search-trigger__text">Jump to or paste an id…</span>
              <kbd>⌘K</kbd>
            </button>
            <button type="button" className="icon-button hide-narrow" aria-label="Keyboard shortcuts (?)" onClick={() => setShortcutsOpen(true)}>
              <IconKeyboard />
            </button>
            <ThemeToggle />
            <Suspense fallback={<OperatorTriggerPlaceholder name={session.operator.name} role={session.operator.role} />}>
              <OperatorMenu session={session} />
            </Suspense>
          </div>
        </header>
        <main id="main" className="shell__content" tabIndex={-1}>
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

/** Looks like the operator menu's trigger for the moment before its code arrives. */
function OperatorTriggerPlaceholder({ name, role }: { name: string; role: string }) {
  return (
    <button type="button" className="operator-trigger" aria-label={`Operator ${name}, ${role}. Open menu`} aria-disabled="true">
      <span className="avatar" aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>
      <span className="operator-trigger__name hide-narrow">{name}</span>
    </button>
  );
}

function SidebarContent({ organizationName }: { organizationName: string }) {
  return (
    <div className="sidebar">
      <div className="sidebar__brand">
        <span className="sidebar__logo" aria-hidden="true">D</span>
        <div className="sidebar__brand-text">
          <span className="sidebar__product">DPS Console</span>
          <span className="sidebar__org" title={organizationName}>{organizationName}</span>
        </div>
      </div>
      <nav aria-label="Main" className="sidebar__nav">
        <NavGroup items={NAV_ITEMS.filter((item) => item.group === 'work')} />
        <NavGroup title="Settings" items={NAV_ITEMS.filter((item) => item.group === 'settings')} />
      </nav>
    </div>
  );
}

function NavGroup({ title, items }: { title?: ReactNode; items: NavItem[] }) {
  return (
    <div className="nav-group">
      {title ? <div className="nav-group__title">{title}</div> : null}
      <ul>
        {items.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <Link to={to} className="nav-link" activeProps={{ 'aria-current': 'page', className: 'nav-link--active' }}>
              <Icon />
              <span>{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

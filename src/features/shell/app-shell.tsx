import { useState, type ReactNode } from 'react';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { Dialog, VisuallyHidden } from 'radix-ui';
import type { Session } from '../../api/session';
import { IconClose, IconKeyboard, IconMenu, IconSearch } from '../../components/icons';
import { Breadcrumbs } from './breadcrumbs';
import { CommandPalette } from './command-palette';
import { KeyboardShortcuts } from './keyboard-shortcuts';
import { NAV_ITEMS, type NavItem } from './nav-items';
import { OperatorMenu } from './operator-menu';
import { ThemeToggle } from './theme-toggle';
import { useGlobalShortcuts } from './use-global-shortcuts';

/** The frame of every signed-in screen: sidebar (a drawer below 860px), top bar, and the screen. */
export function AppShell({ session }: { session: Session }) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useGlobalShortcuts({ openPalette: () => setPaletteOpen(true), openShortcuts: () => setShortcutsOpen(true) });

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
            <OperatorMenu session={session} />
          </div>
        </header>
        <main id="main" className="shell__content" tabIndex={-1}>
          <Outlet />
        </main>
      </div>

      <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
      <KeyboardShortcuts open={shortcutsOpen} onOpenChange={setShortcutsOpen} />
    </div>
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

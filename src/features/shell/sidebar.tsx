import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { useNavItems, type NavItem } from './nav-items';

/** The product's name: never translated. */
const PRODUCT_NAME = 'DPS Console';

/** The sidebar's content: brand, organization and the main navigation; shared by the wide sidebar and the drawer. */
export function SidebarContent({ organizationName }: { organizationName: string }) {
  const navItems = useNavItems();
  return (
    <div className="sidebar">
      <div className="sidebar__brand">
        <span className="sidebar__logo" aria-hidden="true">
          D
        </span>
        <div className="sidebar__brand-text">
          <span className="sidebar__product">{PRODUCT_NAME}</span>
          <span className="sidebar__org" title={organizationName}>
            {organizationName}
          </span>
        </div>
      </div>
      <nav aria-label={t`Main`} className="sidebar__nav">
        <NavGroup items={navItems.filter((item) => item.group === 'work')} />
        <NavGroup title={t`Settings`} items={navItems.filter((item) => item.group === 'settings')} />
      </nav>
    </div>
  );
}

function NavGroup({ title, items }: { title?: ReactNode; items: readonly NavItem[] }) {
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

import type { ComponentType } from 'react';
import { useCapabilities } from '@/api/capabilities';
import type { OperatorCapability } from '@/contract/operator-capabilities';
import {
  IconAgents,
  IconAppClients,
  IconAudit,
  IconDocuments,
  IconInsights,
  IconModels,
  IconOrganization,
  IconRoles,
  IconRuns,
  IconUsers,
  IconValidations,
} from '@/components/icons';

/** Every screen of the sidebar, the ⌘K palette and the `g` shortcuts, in one list. */
export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  group: 'work' | 'settings';
  /** Second key after `g` (g r → Runs). */
  key: string;
  /** Extra words the palette matches. */
  keywords?: string[];
  /** What the operator must be allowed beyond reading (the screen is not offered otherwise). */
  capability?: OperatorCapability;
}

const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Runs', to: '/runs', icon: IconRuns, group: 'work', key: 'r', keywords: ['agents', 'review', 'archive'] },
  {
    label: 'Agents',
    to: '/agents',
    icon: IconAgents,
    group: 'work',
    key: 'n',
    keywords: ['workflow', 'hooks', 'actions'],
  },
  {
    label: 'Insights',
    to: '/insights',
    icon: IconInsights,
    group: 'work',
    key: 'i',
    keywords: ['charts', 'threshold'],
  },
  {
    label: 'Documents',
    to: '/documents',
    icon: IconDocuments,
    group: 'work',
    key: 'd',
    keywords: ['ground truth', 'upload'],
  },
  { label: 'Models', to: '/models', icon: IconModels, group: 'work', key: 'm', keywords: ['field config'] },
  { label: 'Validations', to: '/validations', icon: IconValidations, group: 'work', key: 'v', keywords: ['rules'] },
  {
    label: 'Organization',
    to: '/settings/organization',
    icon: IconOrganization,
    group: 'settings',
    key: 'o',
    keywords: ['quota', 'usage', 'plan'],
  },
  {
    label: 'Users',
    to: '/settings/users',
    icon: IconUsers,
    group: 'settings',
    key: 'u',
    keywords: ['people', 'invite'],
  },
  {
    label: 'Roles',
    to: '/settings/roles',
    icon: IconRoles,
    group: 'settings',
    key: 'l',
    keywords: ['permissions', 'scopes'],
  },
  {
    label: 'App clients',
    to: '/settings/app-clients',
    icon: IconAppClients,
    group: 'settings',
    key: 'c',
    keywords: ['oauth', 'client id', 'secret'],
  },
  {
    label: 'Audit log',
    to: '/settings/audit-log',
    icon: IconAudit,
    group: 'settings',
    key: 'a',
    keywords: ['operators', 'history'],
    capability: 'readAuditLog',
  },
];

/** The screens this operator may open: what the sidebar, the palette and the `g` shortcuts offer. */
export function useNavItems(): readonly NavItem[] {
  const capabilities = useCapabilities();
  return NAV_ITEMS.filter((item) => !item.capability || capabilities[item.capability]);
}

/** The front page (Runs). Typed as string: the route file belongs to the runs screen. */
export const HOME_PATH: string = '/runs';

import type { ComponentType } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { i18n } from '@/i18n/i18n';
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

/** A screen as declared: its name and search words as messages, translated when the list is asked for. */
type NavItemDefinition = Omit<NavItem, 'label' | 'keywords'> & {
  label: MessageDescriptor;
  keywords?: MessageDescriptor[];
};

const NAV_ITEMS: readonly NavItemDefinition[] = [
  {
    label: msg`Runs`,
    to: '/runs',
    icon: IconRuns,
    group: 'work',
    key: 'r',
    keywords: [msg`agents`, msg`review`, msg`archive`],
  },
  {
    label: msg`Agents`,
    to: '/agents',
    icon: IconAgents,
    group: 'work',
    key: 'n',
    keywords: [msg`workflow`, msg`hooks`, msg`actions`],
  },
  {
    label: msg`Insights`,
    to: '/insights',
    icon: IconInsights,
    group: 'work',
    key: 'i',
    keywords: [msg`charts`, msg`threshold`],
  },
  {
    label: msg`Documents`,
    to: '/documents',
    icon: IconDocuments,
    group: 'work',
    key: 'd',
    keywords: [msg`ground truth`, msg`upload`],
  },
  { label: msg`Models`, to: '/models', icon: IconModels, group: 'work', key: 'm', keywords: [msg`field config`] },
  {
    label: msg`Validations`,
    to: '/validations',
    icon: IconValidations,
    group: 'work',
    key: 'v',
    keywords: [msg`rules`],
  },
  {
    label: msg`Organization`,
    to: '/settings/organization',
    icon: IconOrganization,
    group: 'settings',
    key: 'o',
    keywords: [msg`quota`, msg`usage`, msg`plan`],
  },
  {
    label: msg`Users`,
    to: '/settings/users',
    icon: IconUsers,
    group: 'settings',
    key: 'u',
    keywords: [msg`people`, msg`invite`],
  },
  {
    label: msg`Roles`,
    to: '/settings/roles',
    icon: IconRoles,
    group: 'settings',
    key: 'l',
    keywords: [msg`permissions`, msg`scopes`],
  },
  {
    label: msg`App clients`,
    to: '/settings/app-clients',
    icon: IconAppClients,
    group: 'settings',
    key: 'c',
    keywords: [msg`oauth`, msg`client id`, msg`secret`],
  },
  {
    label: msg`Audit log`,
    to: '/settings/audit-log',
    icon: IconAudit,
    group: 'settings',
    key: 'a',
    keywords: [msg`operators`, msg`history`],
    capability: 'readAuditLog',
  },
];

/** The screens this operator may open: what the sidebar, the palette and the `g` shortcuts offer. */
export function useNavItems(): readonly NavItem[] {
  const capabilities = useCapabilities();
  return NAV_ITEMS.filter((item) => !item.capability || capabilities[item.capability]).map((item) => ({
    ...item,
    label: i18n._(item.label),
    keywords: (item.keywords ?? []).map((keyword) => i18n._(keyword)),
  }));
}

/** The front page (Runs). Typed as string: the route file belongs to the runs screen. */
export const HOME_PATH: string = '/runs';

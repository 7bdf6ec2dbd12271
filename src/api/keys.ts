/**
 * Query-key convention. Every family's keys start with `['org', <organizationId>, <family>]`, so cached data of one
 * organization can never show up for another, and "everything about users" is one prefix to invalidate:
 *
 *   userKeys.all(org)          ['org', org, 'users']
 *   userKeys.lists(org)        ['org', org, 'users', 'list']
 *   userKeys.list(org, params) ['org', org, 'users', 'list', { maxResults, nextToken }]
 *   userKeys.detail(org, id)   ['org', org, 'users', 'detail', id]
 *
 * The organization is always an argument: loaders take it from the router context (routes/_authenticated.tsx puts
 * the session's there), components and mutation hooks from `useOrganizationScope()` (./organization-scope.ts).
 * Keys outside an organization (the session, the BFF's audit log) use their own roots.
 */

/** Root key of everything cached for one organization. */
export function organizationKey(organization: string) {
  return ['org', organization] as const;
}

/** Root key of a resource family in an organization. */
export function familyKey<F extends string>(organization: string, family: F) {
  return ['org', organization, family] as const;
}

/**
 * The standard key factory of a family: `all`, `lists`, `list(params)`, `details`, `detail(id)`, each taking the
 * organization first. Add family-specific keys by spreading it: `{ ...createFamilyKeys('runs'), byAgent: (org, id) => [...] }`.
 */
export function createFamilyKeys<F extends string>(family: F) {
  const keys = {
    all: (organization: string) => familyKey(organization, family),
    lists: (organization: string) => [...keys.all(organization), 'list'] as const,
    list: <P extends object>(organization: string, params: P) => [...keys.lists(organization), params] as const,
    details: (organization: string) => [...keys.all(organization), 'detail'] as const,
    detail: (organization: string, id: string) => [...keys.details(organization), id] as const,
  };
  return keys;
}

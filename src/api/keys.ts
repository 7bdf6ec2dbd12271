/**
 * Query-key convention. Every family's keys start with `['org', <organizationId>, <family>]`, so cached data of one
 * organization can never show up for another, and "everything about users" is one prefix to invalidate:
 *
 *   userKeys.all()          ['org', id, 'users']
 *   userKeys.lists()        ['org', id, 'users', 'list']
 *   userKeys.list(params)   ['org', id, 'users', 'list', { maxResults, nextToken }]
 *   userKeys.detail(userId) ['org', id, 'users', 'detail', userId]
 *
 * The organization comes from the signed-in session: the authenticated layout (routes/_authenticated.tsx) sets it before any
 * screen loads. Keys outside an organization (the session, the BFF's audit log) use their own roots.
 */

const NO_ORGANIZATION = 'none';
let organizationScope = NO_ORGANIZATION;

/** Called by the authenticated layout with the session's organization. */
export function setOrganizationScope(organizationId: string | null | undefined): void {
  organizationScope = organizationId ?? NO_ORGANIZATION;
}

export function currentOrganizationScope(): string {
  return organizationScope;
}

/** Root key of a resource family in the current organization. */
export function familyKey<F extends string>(family: F) {
  return ['org', organizationScope, family] as const;
}

/**
 * The standard key factory of a family: `all`, `lists`, `list(params)`, `details`, `detail(id)`.
 * Add family-specific keys by spreading it: `{ ...createFamilyKeys('runs'), byAgent: (id) => [...] }`.
 */
export function createFamilyKeys<F extends string>(family: F) {
  const keys = {
    all: () => familyKey(family),
    lists: () => [...keys.all(), 'list'] as const,
    list: <P extends object>(params: P) => [...keys.lists(), params] as const,
    details: () => [...keys.all(), 'detail'] as const,
    detail: (id: string) => [...keys.details(), id] as const,
  };
  return keys;
}

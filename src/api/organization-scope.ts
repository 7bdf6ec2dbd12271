import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions, type Session } from './session';

/** The scope of query keys and pagination trails before a session names an organization. */
export const NO_ORGANIZATION = 'none';

/** The organization a session's cached data belongs to (the first argument of every key factory). */
export function organizationScope(session: Session | null | undefined): string {
  return session?.organization?.organizationId ?? NO_ORGANIZATION;
}

/**
 * The signed-in session's organization, for components and mutation hooks. Reads the session the authenticated
 * layout loaded (never fetches).
 */
export function useOrganizationScope(): string {
  const { data } = useQuery({ ...sessionQueryOptions(), enabled: false });
  return organizationScope(data);
}

import { useQuery } from '@tanstack/react-query';
import { appClientsListQueryOptions } from '@/api/app-clients';
import { everyRoleQueryOptions } from '@/api/roles';
import type { Option } from '@/components/form';
import { useOrganizationScope } from '@/api/organization-scope';

/** Roles and app clients to pick from (fetched again when a form using them mounts), plus role names by id. */
export function useUserOptions() {
  const org = useOrganizationScope();
  // Read afresh each time a form that picks from them opens: a role or client created elsewhere is offered.
  const roles = useQuery({ ...everyRoleQueryOptions(org), refetchOnMount: 'always' });
  const appClients = useQuery({ ...appClientsListQueryOptions(org, { maxResults: 1000 }), refetchOnMount: 'always' });
  const roleOptions: Option[] = (roles.data ?? []).map((r) => ({
    value: r.roleId,
    label: r.name || r.roleId,
    description: r.description ?? undefined,
  }));
  const appClientOptions: Option[] = (appClients.data?.appClients ?? []).map((c) => ({
    value: c.appClientId,
    label: c.name || c.clientId,
  }));
  const roleNames = new Map((roles.data ?? []).map((r) => [r.roleId, r.name || r.roleId]));
  return { roleOptions, appClientOptions, roleNames, loading: roles.isPending || appClients.isPending };
}

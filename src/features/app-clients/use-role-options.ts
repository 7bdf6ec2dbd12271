import { useQuery } from '@tanstack/react-query';
import { everyRoleQueryOptions } from '@/api/roles';
import type { Option } from '@/components/form';
import { useOrganizationScope } from '@/api/organization-scope';

export function useRoleOptions() {
  const org = useOrganizationScope();
  const roles = useQuery(everyRoleQueryOptions(org));
  const roleOptions: Option[] = (roles.data ?? []).map((r) => ({
    value: r.roleId,
    label: r.name || r.roleId,
    description: r.description ?? undefined,
  }));
  const roleNames = new Map((roles.data ?? []).map((r) => [r.roleId, r.name || r.roleId]));
  return { roleOptions, roleNames };
}

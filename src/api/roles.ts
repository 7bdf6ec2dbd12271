/**
 * Roles: list (one page, or every page for pickers), one role, create, update (name, description, metadata,
 * permissions), delete — the standard family (./resource-api.ts) plus "every role".
 */
import { queryOptions } from '@tanstack/react-query';
import { roleListSchema, roleSchema, type CreateRoleBody, type Role, type UpdateRoleBody } from '@/contract';
import { api } from './client';
import { defineResourceApi } from './resource-api';

const rolesApi = defineResourceApi<CreateRoleBody, UpdateRoleBody>()({
  family: 'roles',
  path: '/roles',
  idField: 'roleId',
  schema: roleSchema,
  listSchema: roleListSchema,
});

export const {
  listQueryOptions: rolesListQueryOptions,
  detailQueryOptions: roleQueryOptions,
  useCreate: useCreateRole,
  useUpdate: useUpdateRole,
  useDelete: useDeleteRole,
} = rolesApi;

const roleKeys = {
  ...rolesApi.keys,
  everyRole: (org: string) => [...rolesApi.keys.lists(org), 'every'] as const,
};

/** Every role, following nextToken: what role pickers and role-name lookups need. */
export function everyRoleQueryOptions(org: string) {
  return queryOptions({
    queryKey: roleKeys.everyRole(org),
    queryFn: async ({ signal }) => {
      const roles: Role[] = [];
      let nextToken: string | undefined;
      do {
        const page = await api('/roles', { query: { maxResults: 1000, nextToken }, schema: roleListSchema, signal });
        roles.push(...page.roles);
        nextToken = page.nextToken ?? undefined;
      } while (nextToken);
      return roles;
    },
  });
}

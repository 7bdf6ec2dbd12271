/**
 * Roles: list (one page, or every page for pickers), one role, create, update (name, description, metadata,
 * permissions), delete. Same shape as ./users.ts.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { roleListSchema, roleSchema, type CreateRoleBody, type Role, type UpdateRoleBody } from '@/contract';
import { api, segment } from './client';
import { useIdempotentCreate } from './idempotent-create';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';

export const roleKeys = {
  ...createFamilyKeys('roles'),
  everyRole: (org: string) => [...createFamilyKeys('roles').lists(org), 'every'] as const,
};

export interface RolesListParams {
  maxResults?: number;
  nextToken?: string;
}

export function rolesListQueryOptions(org: string, params: RolesListParams = {}) {
  return queryOptions({
    queryKey: roleKeys.list(org, params),
    queryFn: ({ signal }) =>
      api('/roles', {
        query: { maxResults: params.maxResults, nextToken: params.nextToken },
        schema: roleListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

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

export function roleQueryOptions(org: string, roleId: string) {
  return queryOptions({
    queryKey: roleKeys.detail(org, roleId),
    queryFn: ({ signal }) => api(`/roles/${segment(roleId)}`, { schema: roleSchema, signal }),
  });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  const create = useIdempotentCreate((body: CreateRoleBody, idempotencyKey) =>
    api('/roles', { method: 'POST', body, schema: roleSchema, idempotencyKey }),
  );
  return useMutation({
    mutationFn: create,
    onSuccess: async (role) => {
      queryClient.setQueryData(roleKeys.detail(org, role.roleId), role);
      await queryClient.invalidateQueries({ queryKey: roleKeys.lists(org) });
    },
  });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({ roleId, body }: { roleId: string; body: UpdateRoleBody }) =>
      api(`/roles/${segment(roleId)}`, { method: 'PATCH', body, schema: roleSchema }),
    onSuccess: async (role) => {
      queryClient.setQueryData(roleKeys.detail(org, role.roleId), role);
      await queryClient.invalidateQueries({ queryKey: roleKeys.lists(org) });
    },
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (roleId: string) => api(`/roles/${segment(roleId)}`, { method: 'DELETE', schema: roleSchema }),
    onSuccess: async (role: Role) => {
      queryClient.removeQueries({ queryKey: roleKeys.detail(org, role.roleId) });
      await queryClient.invalidateQueries({ queryKey: roleKeys.lists(org) });
    },
  });
}

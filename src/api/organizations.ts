/**
 * Organizations: the caller's own (`/organizations/me`), the list (own + created ones), create and update.
 * Same shape as ./users.ts. Updating the signed-in organization also renames it in the cached session (sidebar).
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  organizationListSchema,
  organizationSchema,
  type CreateOrganizationBody,
  type Organization,
  type UpdateOrganizationBody,
} from '@/contract';
import { api, segment } from './client';
import { useIdempotentCreate } from './idempotent-create';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';
import { sessionKey, type Session } from './session';

export const organizationKeys = {
  ...createFamilyKeys('organizations'),
  me: (org: string) => [...createFamilyKeys('organizations').all(org), 'me'] as const,
};

export interface OrganizationsListParams {
  maxResults?: number;
  nextToken?: string;
}

export function organizationMeQueryOptions(org: string) {
  return queryOptions({
    queryKey: organizationKeys.me(org),
    queryFn: ({ signal }) => api('/organizations/me', { schema: organizationSchema, signal }),
  });
}

export function organizationsListQueryOptions(org: string, params: OrganizationsListParams = {}) {
  return queryOptions({
    queryKey: organizationKeys.list(org, params),
    queryFn: ({ signal }) =>
      api('/organizations', {
        query: { maxResults: params.maxResults, nextToken: params.nextToken },
        schema: organizationListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  const create = useIdempotentCreate((body: CreateOrganizationBody, idempotencyKey) =>
    api('/organizations', { method: 'POST', body, schema: organizationSchema, idempotencyKey }),
  );
  return useMutation({
    mutationFn: create,
    onSuccess: async (organization) => {
      queryClient.setQueryData(organizationKeys.detail(org, organization.organizationId), organization);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.lists(org) });
    },
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({ organizationId, body }: { organizationId: string; body: UpdateOrganizationBody }) =>
      api(`/organizations/${segment(organizationId)}`, { method: 'PATCH', body, schema: organizationSchema }),
    onSuccess: async (organization: Organization) => {
      queryClient.setQueryData(organizationKeys.detail(org, organization.organizationId), organization);
      const me = queryClient.getQueryData<Organization>(organizationKeys.me(org));
      if (me?.organizationId === organization.organizationId) {
        queryClient.setQueryData(organizationKeys.me(org), organization);
        queryClient.setQueryData<Session>(sessionKey, (session) =>
          session?.organization?.organizationId === organization.organizationId
            ? {
                ...session,
                organization: { organizationId: organization.organizationId, name: organization.name ?? null },
              }
            : session,
        );
      }
      await queryClient.invalidateQueries({ queryKey: organizationKeys.lists(org) });
    },
  });
}

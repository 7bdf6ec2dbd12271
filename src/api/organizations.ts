/**
 * Organizations: the caller's own (`/organizations/me`), the list (own + created ones), create and update — the
 * standard family (./resource-api.ts). Updating the signed-in organization also renames it in the cached session
 * (sidebar).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  organizationListSchema,
  organizationSchema,
  type CreateOrganizationBody,
  type Organization,
  type UpdateOrganizationBody,
} from '@/contract';
import { api } from './client';
import { useOrganizationScope } from './organization-scope';
import { defineResourceApi } from './resource-api';
import { sessionKey, type Session } from './session';

const organizationsApi = defineResourceApi<CreateOrganizationBody, UpdateOrganizationBody>()({
  family: 'organizations',
  path: '/organizations',
  idField: 'organizationId',
  schema: organizationSchema,
  listSchema: organizationListSchema,
});

export const { listQueryOptions: organizationsListQueryOptions, useCreate: useCreateOrganization } = organizationsApi;

const meKey = (org: string) => [...organizationsApi.keys.all(org), 'me'] as const;

export function organizationMeQueryOptions(org: string) {
  return queryOptions({
    queryKey: meKey(org),
    queryFn: ({ signal }) => api('/organizations/me', { schema: organizationSchema, signal }),
  });
}

/** The standard update; when it is the signed-in organization, its cached "me" and the session's name follow. */
export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  const update = organizationsApi.updateMutationOptions(queryClient, org);
  return useMutation({
    ...update,
    onSuccess: async (organization: Organization) => {
      const me = queryClient.getQueryData<Organization>(meKey(org));
      if (me?.organizationId === organization.organizationId) {
        queryClient.setQueryData(meKey(org), organization);
        queryClient.setQueryData<Session>(sessionKey, (session) =>
          session?.organization?.organizationId === organization.organizationId
            ? {
                ...session,
                organization: { organizationId: organization.organizationId, name: organization.name ?? null },
              }
            : session,
        );
      }
      await update.onSuccess(organization);
    },
  });
}

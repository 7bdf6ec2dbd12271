/**
 * App clients. Same shape as ./users.ts, except create: the response's `clientSecret` is shown once and must never
 * sit in a cache. The create mutation hands the secret to the caller's `receiveSecret` (component state) and resolves
 * — and stores in the mutation cache — only the client without it; the detail cache gets the same secret-free view.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  appClientListSchema,
  appClientSchema,
  type AppClient,
  type CreateAppClientBody,
  type UpdateAppClientBody,
} from '@/contract';
import { api, segment } from './client';
import { submissionKeys, useSubmissionKeys, type SubmissionKeys } from './idempotent-create';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';

export const appClientKeys = createFamilyKeys('app-clients');

export interface AppClientsListParams {
  maxResults?: number;
  nextToken?: string;
}

/** The client without any secret (GET never returns one; the create response does). */
export function withoutSecret(client: AppClient): AppClient {
  const { clientSecret: _secret, ...rest } = client;
  return rest;
}

export function appClientsListQueryOptions(org: string, params: AppClientsListParams = {}) {
  return queryOptions({
    queryKey: appClientKeys.list(org, params),
    queryFn: async ({ signal }) => {
      const page = await api('/appClients', {
        query: { maxResults: params.maxResults, nextToken: params.nextToken },
        schema: appClientListSchema,
        signal,
      });
      return { ...page, appClients: page.appClients.map(withoutSecret) };
    },
    placeholderData: keepPreviousData,
  });
}

export function appClientQueryOptions(org: string, appClientId: string) {
  return queryOptions({
    queryKey: appClientKeys.detail(org, appClientId),
    queryFn: async ({ signal }) =>
      withoutSecret(await api(`/appClients/${segment(appClientId)}`, { schema: appClientSchema, signal })),
  });
}

export interface CreateAppClientVariables {
  body: CreateAppClientBody;
  /** Receives the one-time secret (null when none was generated). Keep it in component state only. */
  receiveSecret: (secret: string | null) => void;
}

/** Mutation options of create, separate from the hook so a unit test can check no cache keeps the secret. */
export function createAppClientMutationOptions(
  queryClient: QueryClient,
  org: string,
  keys: SubmissionKeys = submissionKeys(),
) {
  return {
    mutationFn: async ({ body, receiveSecret }: CreateAppClientVariables): Promise<AppClient> => {
      const idempotencyKey = keys.keyFor(body);
      const created = await api('/appClients', { method: 'POST', body, schema: appClientSchema, idempotencyKey });
      keys.done(idempotencyKey);
      receiveSecret(created.clientSecret ?? null);
      return withoutSecret(created);
    },
    onSuccess: async (client: AppClient) => {
      queryClient.setQueryData(appClientKeys.detail(org, client.appClientId), client);
      await queryClient.invalidateQueries({ queryKey: appClientKeys.lists(org) });
    },
  };
}

export function useCreateAppClient() {
  const queryClient = useQueryClient();
  return useMutation(createAppClientMutationOptions(queryClient, useOrganizationScope(), useSubmissionKeys()));
}

export function useUpdateAppClient() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: async ({ appClientId, body }: { appClientId: string; body: UpdateAppClientBody }) =>
      withoutSecret(
        await api(`/appClients/${segment(appClientId)}`, { method: 'PATCH', body, schema: appClientSchema }),
      ),
    onSuccess: async (client) => {
      queryClient.setQueryData(appClientKeys.detail(org, client.appClientId), client);
      await queryClient.invalidateQueries({ queryKey: appClientKeys.lists(org) });
    },
  });
}

export function useDeleteAppClient() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: async (appClientId: string) =>
      withoutSecret(await api(`/appClients/${segment(appClientId)}`, { method: 'DELETE', schema: appClientSchema })),
    onSuccess: async (client: AppClient) => {
      queryClient.removeQueries({ queryKey: appClientKeys.detail(org, client.appClientId) });
      await queryClient.invalidateQueries({ queryKey: appClientKeys.lists(org) });
    },
  });
}

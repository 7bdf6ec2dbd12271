/**
 * App clients: the standard family (./resource-api.ts), except that the create response's `clientSecret` is shown
 * once and must never sit in a cache. Every answer is seen without it (`view`); the create mutation hands the secret
 * to the caller's `receiveSecret` (component state) and resolves — and stores in the mutation cache — only the
 * client without it.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  appClientListSchema,
  appClientSchema,
  type AppClient,
  type CreateAppClientBody,
  type UpdateAppClientBody,
} from '@/contract';
import { api } from './client';
import { sendWithSubmissionKey, submissionKeys, useSubmissionKeys, type SubmissionKeys } from './idempotent-create';
import { useOrganizationScope } from './organization-scope';
import { defineResourceApi, type ListPageParams } from './resource-api';

/** The client without any secret (GET never returns one; the create response does). */
function withoutSecret(client: AppClient): AppClient {
  const { clientSecret: _secret, ...rest } = client;
  return rest;
}

const appClientsApi = defineResourceApi<CreateAppClientBody, UpdateAppClientBody>()({
  family: 'app-clients',
  path: '/appClients',
  idField: 'appClientId',
  schema: appClientSchema,
  listSchema: appClientListSchema,
  view: withoutSecret,
});

export const {
  keys: appClientKeys,
  detailQueryOptions: appClientQueryOptions,
  useUpdate: useUpdateAppClient,
  useDelete: useDeleteAppClient,
} = appClientsApi;

export function appClientsListQueryOptions(org: string, params: ListPageParams = {}) {
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
      const created = await sendWithSubmissionKey(keys, body, (idempotencyKey) =>
        api('/appClients', { method: 'POST', body, schema: appClientSchema, idempotencyKey }),
      );
      receiveSecret(created.clientSecret ?? null);
      return withoutSecret(created);
    },
    onSuccess: (client: AppClient) => appClientsApi.cacheStored(queryClient, org, client),
  };
}

export function useCreateAppClient() {
  const queryClient = useQueryClient();
  return useMutation(createAppClientMutationOptions(queryClient, useOrganizationScope(), useSubmissionKeys()));
}

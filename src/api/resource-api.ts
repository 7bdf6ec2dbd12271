/**
 * One resource family's API from a few facts (the console's counterpart of the service's `resourceRoutes`): its key
 * factory, list and detail `queryOptions`, and create / update / delete hooks with the one cache behaviour every
 * family shares —
 *
 * - create and update put the answer in the detail cache and `await` the invalidation of every list, so when
 *   `mutateAsync` resolves every screen shows the new state;
 * - delete removes the detail first (an open detail screen must not refetch what no longer exists), then awaits the
 *   lists' invalidation;
 * - create sends one `Idempotency-Key` per logical create (./idempotent-create.ts).
 *
 *   const modelsApi = defineResourceApi<CreateModelBody, UpdateModelBody>()({
 *     family: 'models', path: '/models', idField: 'modelId', schema: modelSchema, listSchema: modelListSchema,
 *   });
 *
 * A family with special behaviour builds on what this returns (its `keys`, mutation options and `cacheStored`)
 * instead of bending it: app clients keep the secret out of every cache, organizations rename the cached session.
 * The bodies' types come first (`<Create, Update>()`) because TypeScript cannot infer them from the other facts.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import { api, segment } from './client';
import { sendWithSubmissionKey, submissionKeys, useSubmissionKeys, type SubmissionKeys } from './idempotent-create';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';

/** One page of a plain list: `?maxResults=&nextToken=`. */
export interface ListPageParams {
  maxResults?: number;
  nextToken?: string;
}

export interface ResourceApiConfig<R, I extends string, L> {
  /** The query-key family (`'app-clients'`): see ./keys.ts. */
  family: string;
  /** The collection's path under the service (`'/appClients'`); one resource is `${path}/${id}`. */
  path: `/${string}`;
  /** The resource's id field, also the name of the id in update's variables (`{ modelId, body }`). */
  idField: I;
  schema: z.core.$ZodType<R>;
  listSchema: z.core.$ZodType<L>;
  /** What every answer becomes before a cache or a caller sees it (app clients: without the one-time secret). */
  view?: (resource: R) => R;
}

export function defineResourceApi<C, U>() {
  return <R extends Record<I, string>, I extends string, L>(config: ResourceApiConfig<R, I, L>) =>
    resourceApi<R, I, L, C, U>(config);
}

function resourceApi<R extends Record<I, string>, I extends string, L, C, U>(config: ResourceApiConfig<R, I, L>) {
  const { family, path, idField, schema, listSchema } = config;
  const view = config.view ?? ((resource: R) => resource);
  const keys = createFamilyKeys(family);
  const one = (id: string) => `${path}/${segment(id)}`;

  /** After a create or an update: the detail holds the answer; the lists are refetched before this resolves. */
  async function cacheStored(queryClient: QueryClient, org: string, resource: R) {
    queryClient.setQueryData(keys.detail(org, resource[idField]), resource);
    await queryClient.invalidateQueries({ queryKey: keys.lists(org) });
  }

  /** After a delete: the detail is dropped first, then the lists are refetched before this resolves. */
  async function cacheRemoved(queryClient: QueryClient, org: string, resource: R) {
    queryClient.removeQueries({ queryKey: keys.detail(org, resource[idField]) });
    await queryClient.invalidateQueries({ queryKey: keys.lists(org) });
  }

  // The path and schemas are this family's constants, which the key's family already names: not part of the key.
  function listQueryOptions(org: string, params: ListPageParams = {}) {
    // eslint-disable-next-line @tanstack/query/exhaustive-deps -- see above
    return queryOptions({
      queryKey: keys.list(org, params),
      queryFn: ({ signal }) =>
        api(path, {
          query: { maxResults: params.maxResults, nextToken: params.nextToken },
          schema: listSchema,
          signal,
        }),
      placeholderData: keepPreviousData,
    });
  }

  function detailQueryOptions(org: string, id: string) {
    // eslint-disable-next-line @tanstack/query/exhaustive-deps -- see above
    return queryOptions({
      queryKey: keys.detail(org, id),
      queryFn: async ({ signal }) => view(await api(one(id), { schema, signal })),
    });
  }

  /** Create's mutation options: a retry of the same values reuses their idempotency key. */
  function createMutationOptions(
    queryClient: QueryClient,
    org: string,
    submissions: SubmissionKeys = submissionKeys(),
  ) {
    return {
      mutationFn: async (body: C) =>
        view(
          await sendWithSubmissionKey(submissions, body, (idempotencyKey) =>
            api(path, { method: 'POST', body, schema, idempotencyKey }),
          ),
        ),
      onSuccess: (resource: R) => cacheStored(queryClient, org, resource),
    };
  }

  function updateMutationOptions(queryClient: QueryClient, org: string) {
    return {
      mutationFn: async (variables: Record<I, string> & { body: U }) =>
        view(await api(one(variables[idField]), { method: 'PATCH', body: variables.body, schema })),
      onSuccess: (resource: R) => cacheStored(queryClient, org, resource),
    };
  }

  function deleteMutationOptions(queryClient: QueryClient, org: string) {
    return {
      mutationFn: async (id: string) => view(await api(one(id), { method: 'DELETE', schema })),
      onSuccess: (resource: R) => cacheRemoved(queryClient, org, resource),
    };
  }

  return {
    keys,
    cacheStored,
    cacheRemoved,
    listQueryOptions,
    detailQueryOptions,
    createMutationOptions,
    updateMutationOptions,
    deleteMutationOptions,
    useCreate: () => useMutation(createMutationOptions(useQueryClient(), useOrganizationScope(), useSubmissionKeys())),
    useUpdate: () => useMutation(updateMutationOptions(useQueryClient(), useOrganizationScope())),
    useDelete: () => useMutation(deleteMutationOptions(useQueryClient(), useOrganizationScope())),
  };
}

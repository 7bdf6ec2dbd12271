/**
 * Models: key factory, queries and mutations (same shape as ./users.ts). Mutation variables are the contract's
 * request bodies; the hooks own invalidation and await it.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { modelListSchema, modelSchema, type CreateModelBody, type Model, type UpdateModelBody } from '@/contract';
import { api, segment } from './client';
import { useIdempotentCreate } from './idempotent-create';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';

export const modelKeys = createFamilyKeys('models');

export interface ModelsListParams {
  maxResults?: number;
  nextToken?: string;
}

export function modelsListQueryOptions(org: string, params: ModelsListParams = {}) {
  return queryOptions({
    queryKey: modelKeys.list(org, params),
    queryFn: ({ signal }) =>
      api('/models', {
        query: { maxResults: params.maxResults, nextToken: params.nextToken },
        schema: modelListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function modelQueryOptions(org: string, modelId: string) {
  return queryOptions({
    queryKey: modelKeys.detail(org, modelId),
    queryFn: ({ signal }) => api(`/models/${segment(modelId)}`, { schema: modelSchema, signal }),
  });
}

export function useCreateModel() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  const create = useIdempotentCreate((body: CreateModelBody, idempotencyKey) =>
    api('/models', { method: 'POST', body, schema: modelSchema, idempotencyKey }),
  );
  return useMutation({
    mutationFn: create,
    onSuccess: async (model) => {
      queryClient.setQueryData(modelKeys.detail(org, model.modelId), model);
      await queryClient.invalidateQueries({ queryKey: modelKeys.lists(org) });
    },
  });
}

export function useUpdateModel() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({ modelId, body }: { modelId: string; body: UpdateModelBody }) =>
      api(`/models/${segment(modelId)}`, { method: 'PATCH', body, schema: modelSchema }),
    onSuccess: async (model) => {
      queryClient.setQueryData(modelKeys.detail(org, model.modelId), model);
      await queryClient.invalidateQueries({ queryKey: modelKeys.lists(org) });
    },
  });
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (modelId: string) => api(`/models/${segment(modelId)}`, { method: 'DELETE', schema: modelSchema }),
    onSuccess: async (model: Model) => {
      queryClient.removeQueries({ queryKey: modelKeys.detail(org, model.modelId) });
      await queryClient.invalidateQueries({ queryKey: modelKeys.lists(org) });
    },
  });
}

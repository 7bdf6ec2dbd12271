/**
 * Validations: key factory, queries and mutations (same shape as ./users.ts). Tasks live in ./validation-tasks.ts.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  validationListSchema,
  validationSchema,
  type CreateValidationBody,
  type UpdateValidationBody,
  type Validation,
} from '@/contract';
import { api, segment } from './client';
import { useIdempotentCreate } from './idempotent-create';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';

export const validationKeys = createFamilyKeys('validations');

export interface ValidationsListParams {
  maxResults?: number;
  nextToken?: string;
}

export function validationsListQueryOptions(org: string, params: ValidationsListParams = {}) {
  return queryOptions({
    queryKey: validationKeys.list(org, params),
    queryFn: ({ signal }) =>
      api('/validations', {
        query: { maxResults: params.maxResults, nextToken: params.nextToken },
        schema: validationListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function validationQueryOptions(org: string, validationId: string) {
  return queryOptions({
    queryKey: validationKeys.detail(org, validationId),
    queryFn: ({ signal }) => api(`/validations/${segment(validationId)}`, { schema: validationSchema, signal }),
  });
}

export function useCreateValidation() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  const create = useIdempotentCreate((body: CreateValidationBody, idempotencyKey) =>
    api('/validations', { method: 'POST', body, schema: validationSchema, idempotencyKey }),
  );
  return useMutation({
    mutationFn: create,
    onSuccess: async (validation) => {
      queryClient.setQueryData(validationKeys.detail(org, validation.validationId), validation);
      await queryClient.invalidateQueries({ queryKey: validationKeys.lists(org) });
    },
  });
}

export function useUpdateValidation() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({ validationId, body }: { validationId: string; body: UpdateValidationBody }) =>
      api(`/validations/${segment(validationId)}`, { method: 'PATCH', body, schema: validationSchema }),
    onSuccess: async (validation) => {
      queryClient.setQueryData(validationKeys.detail(org, validation.validationId), validation);
      await queryClient.invalidateQueries({ queryKey: validationKeys.lists(org) });
    },
  });
}

export function useDeleteValidation() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (validationId: string) =>
      api(`/validations/${segment(validationId)}`, { method: 'DELETE', schema: validationSchema }),
    onSuccess: async (validation: Validation) => {
      queryClient.removeQueries({ queryKey: validationKeys.detail(org, validation.validationId) });
      await queryClient.invalidateQueries({ queryKey: validationKeys.lists(org) });
    },
  });
}

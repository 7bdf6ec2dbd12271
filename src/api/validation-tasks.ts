/**
 * A validation's task queue (`/validations/{id}/tasks`). Keys sit under the validation's detail key, so
 * invalidating a validation refreshes its queue too.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { validationTaskListSchema, type ValidationTaskStatus } from '@/contract';
import { api, segment } from './client';
import { validationKeys } from './validations';

export const validationTaskKeys = {
  all: (org: string, validationId: string) => [...validationKeys.detail(org, validationId), 'tasks'] as const,
  list: (org: string, validationId: string, params: ValidationTasksListParams) =>
    [...validationTaskKeys.all(org, validationId), 'list', params] as const,
};

export interface ValidationTasksListParams {
  status?: ValidationTaskStatus;
  maxResults?: number;
  nextToken?: string;
}

export function validationTasksListQueryOptions(
  org: string,
  validationId: string,
  params: ValidationTasksListParams = {},
) {
  return queryOptions({
    queryKey: validationTaskKeys.list(org, validationId, params),
    queryFn: ({ signal }) =>
      api(`/validations/${segment(validationId)}/tasks`, {
        query: { status: params.status, maxResults: params.maxResults, nextToken: params.nextToken },
        schema: validationTaskListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

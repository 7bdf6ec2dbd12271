/**
 * Users — the exemplar resource family. Every family module follows this shape:
 *
 * 1. a key factory (`userKeys`) from `createFamilyKeys`, scoped by organization (see ./keys.ts);
 * 2. `queryOptions` factories shared by route loaders (`queryClient.ensureQueryData(...)`) and components
 *    (`useSuspenseQuery(...)`), each parsing the response with the contract's schema;
 * 3. mutation hooks whose variables are the contract's request-body types (= the form's output type). They own
 *    invalidation and `await` it, so when `mutateAsync` resolves, every screen shows the new state.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { userListSchema, userSchema, type CreateUserBody, type UpdateUserBody, type User } from '@/contract';
import { api, segment } from './client';
import { useIdempotentCreate } from './idempotent-create';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';

export const userKeys = createFamilyKeys('users');

export interface UsersListParams {
  maxResults?: number;
  nextToken?: string;
}

/** One page of users. `placeholderData` keeps the current page on screen while the next one loads. */
export function usersListQueryOptions(org: string, params: UsersListParams = {}) {
  return queryOptions({
    queryKey: userKeys.list(org, params),
    queryFn: ({ signal }) =>
      api('/users', {
        query: { maxResults: params.maxResults, nextToken: params.nextToken },
        schema: userListSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function userQueryOptions(org: string, userId: string) {
  return queryOptions({
    queryKey: userKeys.detail(org, userId),
    queryFn: ({ signal }) => api(`/users/${segment(userId)}`, { schema: userSchema, signal }),
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  const create = useIdempotentCreate((body: CreateUserBody, idempotencyKey) =>
    api('/users', { method: 'POST', body, schema: userSchema, idempotencyKey }),
  );
  return useMutation({
    mutationFn: create,
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(org, user.userId), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists(org) });
    },
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateUserBody }) =>
      api(`/users/${segment(userId)}`, { method: 'PATCH', body, schema: userSchema }),
    onSuccess: async (user) => {
      queryClient.setQueryData(userKeys.detail(org, user.userId), user);
      await queryClient.invalidateQueries({ queryKey: userKeys.lists(org) });
    },
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (userId: string) => api(`/users/${segment(userId)}`, { method: 'DELETE', schema: userSchema }),
    onSuccess: async (user: User) => {
      // Drop the detail first so an open detail screen does not refetch a resource that no longer exists.
      queryClient.removeQueries({ queryKey: userKeys.detail(org, user.userId) });
      await queryClient.invalidateQueries({ queryKey: userKeys.lists(org) });
    },
  });
}

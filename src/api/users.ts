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
import {
  MAX_LIST_RESULTS,
  userListSchema,
  userSchema,
  userSearchResultSchema,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
} from '@/contract';
import { api, segment } from './client';
import { isMissingExtension } from './errors';
import { useIdempotentCreate } from './idempotent-create';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';

export const userKeys = createFamilyKeys('users');

export interface UsersListParams {
  maxResults?: number;
  nextToken?: string;
  /** Only users whose name or email contains this text. */
  text?: string;
}

export interface UsersPage {
  users: User[];
  nextToken: string | null;
  /**
   * Set when the service has no user search (docs/profiles.md): the console matched names itself among this many
   * users, the first ones, and found only what is there.
   */
  searchedFirst?: number;
}

/**
 * One page of users, or of the users matching `text` (the service's search extension; without it, the names of the
 * first MAX_LIST_RESULTS users are matched here). `placeholderData` keeps the current page on screen while the next
 * one loads.
 */
export function usersListQueryOptions(org: string, params: UsersListParams = {}) {
  return queryOptions({
    queryKey: userKeys.list(org, params),
    queryFn: async ({ signal }): Promise<UsersPage> => {
      const page = { maxResults: params.maxResults, nextToken: params.nextToken };
      if (!params.text) return api('/users', { query: page, schema: userListSchema, signal });
      try {
        return await api('/users/search', {
          query: { ...page, text: params.text },
          schema: userSearchResultSchema,
          signal,
        });
      } catch (error) {
        if (!isMissingExtension(error)) throw error;
      }
      const first = await api('/users', { query: { maxResults: MAX_LIST_RESULTS }, schema: userListSchema, signal });
      const needle = params.text.toLowerCase();
      return {
        users: first.users.filter((u) => `${u.name ?? ''} ${u.userId}`.toLowerCase().includes(needle)),
        nextToken: null,
        searchedFirst: first.nextToken ? first.users.length : undefined,
      };
    },
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

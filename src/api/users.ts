/**
 * Users: one page of users or of a search, one user, create, update, delete — the standard family
 * (./resource-api.ts) with its own list: the service's user search, or matching names here when it has none.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  MAX_LIST_RESULTS,
  userListSchema,
  userSchema,
  userSearchResultSchema,
  type CreateUserBody,
  type UpdateUserBody,
  type User,
} from '@/contract';
import { api } from './client';
import { isMissingExtension } from './errors';
import { defineResourceApi } from './resource-api';

const usersApi = defineResourceApi<CreateUserBody, UpdateUserBody>()({
  family: 'users',
  path: '/users',
  idField: 'userId',
  schema: userSchema,
  listSchema: userListSchema,
});

export const {
  detailQueryOptions: userQueryOptions,
  useCreate: useCreateUser,
  useUpdate: useUpdateUser,
  useDelete: useDeleteUser,
} = usersApi;

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
    queryKey: usersApi.keys.list(org, params),
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

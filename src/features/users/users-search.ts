/** The users list's URL state: the page and the name or email searched for. */
import { z } from 'zod/mini';
import type { UsersListParams } from '@/api/users';
import { listParams, paginationSearch, type PaginationSearch } from '@/components/data-table/pagination';

export const usersSearchSchema = z.object({
  ...paginationSearch,
  q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
});

export type UsersSearch = PaginationSearch & { q?: string };

/** The list query's params, for the route's loaderDeps and the screen alike: the page and the trimmed search. */
export const usersListParams = (search: UsersSearch): UsersListParams => ({
  ...listParams(search),
  text: search.q?.trim() || undefined,
});

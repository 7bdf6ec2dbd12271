/** The users list's URL state: the page and the name or email searched for. */
import { z } from 'zod/mini';
import { paginationSearch } from '@/components/data-table/pagination';

export const usersSearchSchema = z.object({
  ...paginationSearch,
  q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
});

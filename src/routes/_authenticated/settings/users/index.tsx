import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { usersListQueryOptions } from '@/api/users';
import { listParams, paginationSearch } from '@/components/data-table/pagination';
import { UsersListScreen } from '@/features/users/users-list-screen';

export const Route = createFileRoute('/_authenticated/settings/users/')({
  validateSearch: z.object({
    ...paginationSearch,
    q: z.catch(z.optional(z.string().check(z.maxLength(200))), undefined),
  }),
  loaderDeps: ({ search }) => ({ ...listParams(search), text: search.q?.trim() || undefined }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(usersListQueryOptions(context.organization, deps)),
  component: UsersListScreen,
});

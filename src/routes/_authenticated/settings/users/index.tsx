import { createFileRoute } from '@tanstack/react-router';
import { usersListQueryOptions } from '@/api/users';
import { listParams } from '@/components/data-table/pagination';
import { UsersListScreen } from '@/features/users/users-list-screen';
import { usersSearchSchema } from '@/features/users/users-search';

export const Route = createFileRoute('/_authenticated/settings/users/')({
  validateSearch: usersSearchSchema,
  loaderDeps: ({ search }) => ({ ...listParams(search), text: search.q?.trim() || undefined }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(usersListQueryOptions(context.organization, deps)),
  component: UsersListScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { usersListQueryOptions } from '@/api/users';
import { UsersListScreen } from '@/features/users/users-list-screen';
import { usersListParams, usersSearchSchema } from '@/features/users/users-search';

export const Route = createFileRoute('/_authenticated/settings/users/')({
  validateSearch: usersSearchSchema,
  loaderDeps: ({ search }) => usersListParams(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(usersListQueryOptions(context.organization, deps)),
  component: UsersListScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { userQueryOptions } from '@/api/users';
import { UserDetailScreen } from '@/features/users/user-detail-screen';

export const Route = createFileRoute('/_authenticated/settings/users/$userId')({
  loader: async ({ context, params }) => {
    const user = await context.queryClient.ensureQueryData(userQueryOptions(context.organization, params.userId));
    return { crumb: user.name || t`Unnamed user` };
  },
  component: UserRoute,
});

function UserRoute() {
  const { userId } = Route.useParams();
  return <UserDetailScreen userId={userId} />;
}

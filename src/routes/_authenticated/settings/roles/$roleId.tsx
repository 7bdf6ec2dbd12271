import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { roleQueryOptions } from '@/api/roles';
import { RoleDetailScreen } from '@/features/roles/role-detail-screen';

export const Route = createFileRoute('/_authenticated/settings/roles/$roleId')({
  loader: async ({ context, params }) => {
    const role = await context.queryClient.ensureQueryData(roleQueryOptions(context.organization, params.roleId));
    return { crumb: role.name || t`Unnamed role` };
  },
  component: RoleRoute,
});

function RoleRoute() {
  const { roleId } = Route.useParams();
  return <RoleDetailScreen roleId={roleId} />;
}

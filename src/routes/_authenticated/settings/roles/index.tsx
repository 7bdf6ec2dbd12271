import { createFileRoute } from '@tanstack/react-router';
import { rolesListQueryOptions } from '@/api/roles';
import { listParams, paginationSearchSchema } from '@/components/data-table/pagination';
import { RolesListScreen } from '@/features/roles/roles-list-screen';

export const Route = createFileRoute('/_authenticated/settings/roles/')({
  validateSearch: paginationSearchSchema,
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(rolesListQueryOptions(context.organization, deps)),
  component: RolesListScreen,
});

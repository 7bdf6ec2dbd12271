import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { rolesListQueryOptions } from '@/api/roles';
import { listParams, paginationSearch } from '@/components/data-table/pagination';
import { RolesListScreen } from '@/features/roles/roles-list-screen';

export const Route = createFileRoute('/_authenticated/settings/roles/')({
  validateSearch: z.object({ ...paginationSearch }),
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(rolesListQueryOptions(context.organization, deps)),
  component: RolesListScreen,
});

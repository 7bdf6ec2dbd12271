import { createFileRoute } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { organizationMeQueryOptions } from '@/api/organizations';
import { paginationSearch } from '@/components/data-table/pagination';
import { OrganizationScreen } from '@/features/organizations/organization-screen';
import { useOrganizationScope } from '@/api/organization-scope';

// pageSize/cursor page the organizations list at the bottom of the screen.
const searchSchema = z.object({ ...paginationSearch });

export const Route = createFileRoute('/_authenticated/settings/organization')({
  staticData: { crumb: 'Organization' },
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(organizationMeQueryOptions(context.organization)),
  component: OrganizationRoute,
});

function OrganizationRoute() {
  const org = useOrganizationScope();
  const { data: organization } = useSuspenseQuery(organizationMeQueryOptions(org));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OrganizationScreen
      organization={organization}
      search={search}
      onSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }), resetScroll: false })}
    />
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { organizationMeQueryOptions } from '@/api/organizations';
import { paginationSearch } from '@/components/data-table/pagination';
import { OrganizationScreen } from '@/features/organizations/organization-screen';

// pageSize/cursor page the organizations list at the bottom of the screen.
const searchSchema = z.object({ ...paginationSearch });

export const Route = createFileRoute('/_authenticated/settings/organization')({
  staticData: { crumb: 'Organization' },
  validateSearch: searchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(organizationMeQueryOptions(context.organization)),
  component: OrganizationScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { organizationMeQueryOptions } from '@/api/organizations';
import { OrganizationScreen } from '@/features/organizations/organization-screen';
import { organizationSearchSchema } from '@/features/organizations/organization-search';

export const Route = createFileRoute('/_authenticated/settings/organization')({
  staticData: { crumb: 'Organization' },
  validateSearch: organizationSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(organizationMeQueryOptions(context.organization)),
  component: OrganizationScreen,
});

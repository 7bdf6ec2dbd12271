import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { organizationMeQueryOptions } from '@/api/organizations';
import { OrganizationScreen } from '@/features/organizations/organization-screen';
import { organizationSearchSchema } from '@/features/organizations/organization-search';

export const Route = createFileRoute('/_authenticated/settings/organization')({
  staticData: {
    get crumb() {
      return t`Organization`;
    },
  },
  validateSearch: organizationSearchSchema,
  loader: ({ context }) => context.queryClient.ensureQueryData(organizationMeQueryOptions(context.organization)),
  component: OrganizationScreen,
});

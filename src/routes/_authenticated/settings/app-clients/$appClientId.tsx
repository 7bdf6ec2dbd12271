import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { appClientQueryOptions } from '@/api/app-clients';
import { AppClientDetailScreen } from '@/features/app-clients/app-client-detail-screen';

export const Route = createFileRoute('/_authenticated/settings/app-clients/$appClientId')({
  loader: async ({ context, params }) => {
    const client = await context.queryClient.ensureQueryData(
      appClientQueryOptions(context.organization, params.appClientId),
    );
    return { crumb: client.name || t`Unnamed app client` };
  },
  component: AppClientRoute,
});

function AppClientRoute() {
  const { appClientId } = Route.useParams();
  return <AppClientDetailScreen appClientId={appClientId} />;
}

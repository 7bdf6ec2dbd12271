import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { subRunQueryOptions } from '@/api/hook-action-runs';
import { HookRunDetailScreen } from '@/features/runs/sub-run-detail-screen';

export const Route = createFileRoute('/_authenticated/runs/hooks/$hookId/$runId')({
  staticData: {
    get crumb() {
      return t`Hook run`;
    },
  },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(subRunQueryOptions(context.organization, 'hook', params.hookId, params.runId)),
  component: HookRunRoute,
});

function HookRunRoute() {
  const { hookId, runId } = Route.useParams();
  return <HookRunDetailScreen hookId={hookId} runId={runId} />;
}

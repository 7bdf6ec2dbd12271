import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { subRunQueryOptions } from '@/api/hook-action-runs';
import { ActionRunDetailScreen } from '@/features/runs/sub-run-detail-screen';

export const Route = createFileRoute('/_authenticated/runs/actions/$actionId/$runId')({
  staticData: {
    get crumb() {
      return t`Action run`;
    },
  },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      subRunQueryOptions(context.organization, 'action', params.actionId, params.runId),
    ),
  component: ActionRunRoute,
});

function ActionRunRoute() {
  const { actionId, runId } = Route.useParams();
  return <ActionRunDetailScreen actionId={actionId} runId={runId} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { agentRunQueryOptions } from '@/api/agent-run-detail';
import { RunDetailScreen } from '@/features/runs/run-detail-screen';

export const Route = createFileRoute('/_authenticated/runs/$agentId/$runId')({
  staticData: {
    get crumb() {
      return t`Run`;
    },
  },
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(agentRunQueryOptions(context.organization, params.agentId, params.runId)),
  component: RunDetailRoute,
});

function RunDetailRoute() {
  const { agentId, runId } = Route.useParams();
  return <RunDetailScreen agentId={agentId} runId={runId} />;
}

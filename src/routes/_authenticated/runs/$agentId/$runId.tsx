import { createFileRoute } from '@tanstack/react-router';
import { agentRunQueryOptions } from '../../../../api/agent-runs';
import { RunDetailScreen } from '../../../../features/runs/run-detail-screen';

export const Route = createFileRoute('/_authenticated/runs/$agentId/$runId')({
  staticData: { crumb: 'Run' },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(agentRunQueryOptions(params.agentId, params.runId)),
  component: RunDetailRoute,
});

function RunDetailRoute() {
  const { agentId, runId } = Route.useParams();
  const { session } = Route.useRouteContext();
  return <RunDetailScreen agentId={agentId} runId={runId} readOnly={session.operator.role !== 'admin'} />;
}

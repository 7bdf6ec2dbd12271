import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { agentQueryOptions } from '@/api/agents';
import { agentRunsListQueryOptions } from '@/api/agent-runs';
import { AgentDetailScreen } from '@/features/agents/agents-screens';
import { AgentRunsSummary, recentRunsParams } from '@/features/runs/agent-runs-summary';

export const Route = createFileRoute('/_authenticated/agents/$agentId')({
  staticData: {
    get crumb() {
      return t`Agent`;
    },
  },
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(agentQueryOptions(context.organization, params.agentId)),
      context.queryClient.ensureQueryData(
        agentRunsListQueryOptions(context.organization, recentRunsParams(params.agentId)),
      ),
    ]),
  component: AgentRoute,
});

function AgentRoute() {
  const { agentId } = Route.useParams();
  return <AgentDetailScreen agentId={agentId} runs={<AgentRunsSummary agentId={agentId} />} />;
}

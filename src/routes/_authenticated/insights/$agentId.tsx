import { createFileRoute } from '@tanstack/react-router';
import { agentQueryOptions } from '@/api/agents';
import { agentInsightsQueryOptions } from '@/api/insights';
import { AgentInsightsScreen } from '@/features/insights/agent-insights-screen';
import { insightsSearchSchema, resolveWindow } from '@/features/insights/insights-window';

export const Route = createFileRoute('/_authenticated/insights/$agentId')({
  validateSearch: insightsSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    const { from, to, bucket } = resolveWindow(deps);
    const [agent] = await Promise.all([
      context.queryClient.ensureQueryData(agentQueryOptions(context.organization, params.agentId)),
      context.queryClient.prefetchQuery(
        agentInsightsQueryOptions(context.organization, params.agentId, { from, to, bucket }),
      ),
    ]);
    return { crumb: agent.name || 'Unnamed agent' };
  },
  component: AgentInsightsScreen,
});

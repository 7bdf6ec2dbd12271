import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { agentsQueryOptions } from '@/api/agents';
import { agentRunsListQueryOptions } from '@/api/agent-runs';
import { RunsPage } from '@/features/runs/runs-page';
import { chosenAgentId, runsListParams, runsLoaderDeps, runsSearchSchema } from '@/features/runs/runs-search';

export const Route = createFileRoute('/_authenticated/runs/')({
  staticData: {
    get crumb() {
      return t`Runs`;
    },
  },
  validateSearch: runsSearchSchema,
  loaderDeps: ({ search }) => runsLoaderDeps(search),
  loader: async ({ context, deps }) => {
    const { queryClient } = context;
    // With the agent in the URL the runs and the agent list load side by side (one round trip less to the table).
    if (deps.agent) {
      await Promise.all([
        queryClient.ensureQueryData(agentsQueryOptions(context.organization)),
        queryClient.ensureQueryData(agentRunsListQueryOptions(context.organization, runsListParams(deps.agent, deps))),
      ]);
      return;
    }
    const agentId = chosenAgentId(await queryClient.ensureQueryData(agentsQueryOptions(context.organization)), deps);
    if (agentId)
      await queryClient.ensureQueryData(agentRunsListQueryOptions(context.organization, runsListParams(agentId, deps)));
  },
  component: RunsPage,
});

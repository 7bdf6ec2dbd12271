import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { agentsQueryOptions } from '@/api/agents';
import { agentRunsListQueryOptions } from '@/api/agent-runs';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/states';
import { useSuspenseQuery } from '@tanstack/react-query';
import { chosenAgentId, RunsScreen, runsListParams } from '@/features/runs/runs-screen';
import { runsSearchSchema } from '@/features/runs/runs-search';
import { useOrganizationScope } from '@/api/organization-scope';

export const Route = createFileRoute('/_authenticated/runs/')({
  staticData: { crumb: 'Runs' },
  validateSearch: runsSearchSchema,
  loaderDeps: ({ search }) => search,
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
  component: RunsRoute,
});

function RunsRoute() {
  const org = useOrganizationScope();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data: agents } = useSuspenseQuery(agentsQueryOptions(org));
  const agentId = chosenAgentId(agents, search);
  return (
    <div className="page">
      <PageHeader
        title="Runs"
        description="What the agents did with each document: what waits for a person, what failed and why."
      />
      {agentId ? (
        <RunsScreen
          agents={agents}
          agentId={agentId}
          search={search}
          onSearchChange={(update) => void navigate({ search: (current) => update(current) })}
        />
      ) : (
        <EmptyState title="No agents yet">
          Runs belong to an agent. Create an agent on the Agents page first.
        </EmptyState>
      )}
    </div>
  );
}

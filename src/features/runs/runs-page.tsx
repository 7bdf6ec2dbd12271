import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { agentsQueryOptions } from '@/api/agents';
import { useOrganizationScope } from '@/api/organization-scope';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/states';
import { runsRoute } from './runs-route';
import { RunsScreen } from './runs-screen';
import { chosenAgentId } from './runs-search';

/** The runs page: the chosen agent's runs, or what to do first when there is no agent. */
export function RunsPage() {
  const search = runsRoute.useSearch();
  const org = useOrganizationScope();
  const { data: agents } = useSuspenseQuery(agentsQueryOptions(org));
  const agentId = chosenAgentId(agents, search);
  return (
    <div className="page">
      <PageHeader
        title={t`Runs`}
        description={t`What the agents did with each document: what waits for a person, what failed and why.`}
      />
      {agentId ? (
        <RunsScreen agents={agents} agentId={agentId} search={search} />
      ) : (
        <EmptyState title={t`No agents yet`}>
          <Trans>Runs belong to an agent. Create an agent on the Agents page first.</Trans>
        </EmptyState>
      )}
    </div>
  );
}

import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { reviewAgentsQueryOptions, reviewQueueQueryOptions } from '@/api/review';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/states';
import { useOrganizationScope } from '@/api/organization-scope';

/** The review screen without an agent: pick the agent whose queue to work through. */
export function AgentPicker() {
  const org = useOrganizationScope();
  const { data } = useSuspenseQuery(reviewAgentsQueryOptions(org));
  return (
    <div className="page">
      <PageHeader title={t`Review`} description={t`Choose an agent to work through the runs waiting for review.`} />
      {data.agents.length === 0 ? (
        <EmptyState title={t`No agents`}>
          <Trans>Agent runs appear for review once an agent with a validation runs.</Trans>
        </EmptyState>
      ) : (
        <ul className="review-agents">
          {data.agents.map((agent) => (
            <li key={agent.agentId}>
              <Link to="/runs/review" search={{ agentId: agent.agentId }}>
                {agent.name || agent.agentId}
              </Link>
              {agent.description ? <span className="muted"> — {agent.description}</span> : null}
              <WaitingCount agentId={agent.agentId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** How many runs wait in an agent's queue (the same query the sitting opens with, so it is cached for it). */
function WaitingCount({ agentId }: { agentId: string }) {
  const org = useOrganizationScope();
  const queue = useQuery(reviewQueueQueryOptions(org, agentId));
  if (!queue.data) return null;
  const count = queue.data.runs.length;
  // A next page means there are more than the count listed: "10+ waiting".
  const text =
    count === 0
      ? t`nothing waiting`
      : queue.data.nextToken
        ? plural(count, { one: '#+ waiting', other: '#+ waiting' })
        : plural(count, { one: '# waiting', other: '# waiting' });
  return <span className={`review-agents__count${count ? ' review-agents__count--some' : ''}`}>{text}</span>;
}

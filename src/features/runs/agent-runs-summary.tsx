import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { AGENT_RUN_LIFECYCLE_ORDER } from '@/contract';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { agentRunCountsQueryOptions, agentRunsListQueryOptions } from '@/api/agent-runs';
import { Section } from '@/components/page-header';
import { DateTime } from '@/components/date-time';
import { LoadingState } from '@/components/states';
import { formatCount } from './run-tabs';
import { AgentRunStatusBadge } from './run-status-badge';
import { RunSubrunsTable } from './run-subruns-table';
import './runs.css';
import { useOrganizationScope } from '@/api/organization-scope';

export const recentRunsParams = (agentId: string) => ({ agentId, maxResults: 10 });

/** An agent's runs at a glance (for its page): counts per status and the ten newest runs. */
export function AgentRunsSummary({ agentId }: { agentId: string }) {
  const org = useOrganizationScope();
  const counts = useQuery(agentRunCountsQueryOptions(org, { agentId }));
  const { data } = useSuspenseQuery(agentRunsListQueryOptions(org, recentRunsParams(agentId)));
  return (
    <>
      <Section id="run-counts" title={t`Runs per status`}>
        {counts.isPending ? (
          <LoadingState label={t`Counting runs…`} />
        ) : (
          <ul className="run-counts" aria-label={t`Runs per status`}>
            {AGENT_RUN_LIFECYCLE_ORDER.map((status) => (
              <li key={status}>
                <AgentRunStatusBadge status={status} />{' '}
                <strong>{formatCount(counts.data?.counts[status] ?? 0, counts.data?.complete !== false)}</strong>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section
        id="recent-runs"
        title={t`Recent runs`}
        actions={
          <Link to="/runs" search={{ agent: agentId }}>
            <Trans>All runs</Trans>
          </Link>
        }
      >
        {data.runs.length === 0 ? (
          <p className="muted">
            <Trans>No runs yet.</Trans>
          </p>
        ) : (
          <RunSubrunsTable columns={[t`Run`, t`Status`, t`Created`]}>
            {data.runs.map((r) => (
              <tr key={r.runId}>
                <td>
                  <Link to="/runs/$agentId/$runId" params={{ agentId: r.agentId, runId: r.runId }} className="runs-id">
                    …{r.runId.slice(-8)}
                  </Link>
                </td>
                <td>
                  <AgentRunStatusBadge status={r.status} />
                </td>
                <td>
                  <DateTime value={r.createdTime} />
                </td>
              </tr>
            ))}
          </RunSubrunsTable>
        )}
      </Section>
    </>
  );
}

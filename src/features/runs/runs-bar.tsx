import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId } from 'react';
import { agentsQueryOptions } from '@/api/agents';
import { useOrganizationScope } from '@/api/organization-scope';
import { useRefetchOnOpen } from '@/components/refetch-on-open';
import { DateTime } from '@/components/date-time';
import type { AgentRunCountsResult } from '@/api/agent-runs';
import { REVIEW_STATUSES, type Agent } from '@/contract';
import { formatCount } from './run-tabs';
import { useRunsSearchChange } from './runs-route';
import { DEFAULT_REFRESH_SECONDS, REFRESH_CHOICES } from './runs-search';

// How long the oldest run has waited is a warning beside the Review button, not the list itself: it loads after the
// first screen, with its query, rather than in the first load.
const OldestWaiting = lazy(() =>
  import('@/widgets/review-wait/oldest-waiting').then((m) => ({ default: m.OldestWaiting })),
);

/** Above the runs: the agent, auto-refresh, and the way into review with how many runs wait for it and how long. */
export function RunsBar({
  agents,
  agentId,
  refreshSeconds,
  paused,
  updatedAt,
  counts,
}: {
  agents: Agent[];
  agentId: string;
  refreshSeconds: number;
  paused: boolean;
  updatedAt: number;
  counts: AgentRunCountsResult | undefined;
}) {
  const onSearchChange = useRunsSearchChange();
  const waiting = REVIEW_STATUSES.reduce((sum, s) => sum + (counts?.counts[s] ?? 0), 0);
  const waitingCount = counts ? formatCount(waiting, counts.complete) : '…';
  return (
    <div className="runs-bar">
      <AgentPicker
        agents={agents}
        agentId={agentId}
        onChange={(agent) => onSearchChange((s) => ({ agent, refresh: s.refresh }))}
      />
      <RefreshControl
        seconds={refreshSeconds}
        paused={paused}
        updatedAt={updatedAt}
        onChange={(refresh) =>
          onSearchChange((s) => ({ ...s, refresh: refresh === DEFAULT_REFRESH_SECONDS ? undefined : refresh }))
        }
      />
      <Link
        to="/runs/review"
        search={{ agentId }}
        className="button button--primary runs-review-button"
        aria-disabled={waiting === 0 || undefined}
      >
        <Trans>Review ({waitingCount})</Trans>
      </Link>
      <Suspense fallback={null}>
        <OldestWaiting agentId={agentId} />
      </Suspense>
    </div>
  );
}

/** Which agent's runs the page shows, and a link to the agent. */
function AgentPicker({
  agents,
  agentId,
  onChange,
}: {
  agents: Agent[];
  agentId: string;
  onChange: (agentId: string) => void;
}) {
  const id = useId();
  const refetchAgents = useRefetchOnOpen(agentsQueryOptions(useOrganizationScope()).queryKey);
  return (
    <div className="runs-agent">
      <label htmlFor={id}>
        <Trans>Agent</Trans>
      </label>
      <select id={id} className="input" value={agentId} onChange={(e) => onChange(e.target.value)} {...refetchAgents}>
        {agents.map((a) => (
          <option key={a.agentId} value={a.agentId}>
            {a.name || a.agentId}
          </option>
        ))}
      </select>
      <Link to="/agents/$agentId" params={{ agentId }} className="button button--ghost button--small">
        <Trans>About this agent</Trans>
      </Link>
    </div>
  );
}

/** How often the table refreshes itself, and when it last did (paused while runs are selected). */
function RefreshControl({
  seconds,
  paused,
  updatedAt,
  onChange,
}: {
  seconds: number;
  paused: boolean;
  updatedAt: number;
  onChange: (seconds: number) => void;
}) {
  const id = useId();
  return (
    <div className="runs-refresh">
      <label htmlFor={id}>
        <Trans>Auto-refresh</Trans>
      </label>
      <select id={id} className="input" value={seconds} onChange={(e) => onChange(Number(e.target.value))}>
        {REFRESH_CHOICES.map((s) => (
          <option key={s} value={s}>
            {s === 0 ? t`Off` : t`Every ${s} s`}
          </option>
        ))}
      </select>
      <span className="muted runs-refresh__note" role="status">
        {paused && seconds > 0 ? (
          <Trans>Paused while runs are selected</Trans>
        ) : (
          <Trans>
            Updated <DateTime value={updatedAt} />
          </Trans>
        )}
      </span>
    </div>
  );
}

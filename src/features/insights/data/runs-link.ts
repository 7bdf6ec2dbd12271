/**
 * Stand-in until the runs page has an outcome filter (helper "insights-links" replaces this file): the runs page
 * filtered to the agent and window, on the Errors or Archived tab for those outcomes.
 */
import type { InsightOutcome } from '@/contract';
import type { RunsSearch } from '@/features/runs/runs-search';

export function runsLinkFor({
  agentId,
  from,
  to,
  outcome,
}: {
  agentId: string;
  from: string;
  to: string;
  outcome?: InsightOutcome | 'queued';
}): { to: '/runs'; search: RunsSearch } {
  const tab = outcome === 'error' ? 'errors' : outcome === 'archived' ? 'archived' : undefined;
  return { to: '/runs', search: { agent: agentId, from, to, ...(tab ? { tab } : {}) } };
}

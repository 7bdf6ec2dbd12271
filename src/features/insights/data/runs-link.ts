/**
 * Stand-in until the runs page has an outcome filter (helper "insights-links" replaces this file): the runs page
 * filtered to the agent and window, on the Errors or Archived tab for those outcomes.
 */
import type { InsightOutcome } from '@/contract';

/** The part of the runs page's search a link sets (features do not import each other: the shape is restated). */
interface RunsLinkSearch {
  agent: string;
  from: string;
  to: string;
  tab?: 'errors' | 'archived';
}

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
}): { to: '/runs'; search: RunsLinkSearch } {
  const tab = outcome === 'error' ? 'errors' : outcome === 'archived' ? 'archived' : undefined;
  return { to: '/runs', search: { agent: agentId, from, to, ...(tab ? { tab } : {}) } };
}

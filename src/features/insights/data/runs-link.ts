/**
 * From an Insights bar or point to the runs it counts: the runs page's search for one agent, the window's created
 * times and the outcome. The runs page lives in another feature, which this one may not import: the search is the
 * runs filter's (api/runs-filter.ts, the one translation of that page's URL), checked by the router at the link.
 */
import type { InsightOutcome, RunInsightFilters, RunOutcomeFilter } from '@/contract';
import { lastMicrosecondBefore, type FiguresSource } from '@/api/insights';
import { runsLinkSearch, type RunsLinkSearch, type RunTab } from '@/api/runs-filter';

export type RunsLink = { to: '/runs'; search: RunsLinkSearch };

/**
 * Without the service's outcome filter (`source: 'runs'`: the figures came from the runs list) the outcome is
 * expressed by a tab where a status says it exactly (archived, error, queued); other outcomes cannot be filtered,
 * and the link shows the window's runs.
 */
const TAB_OF_OUTCOME: Partial<Record<RunOutcomeFilter, RunTab>> = {
  archived: 'archived',
  error: 'errors',
  queued: 'review',
};

/** The runs page filtered to exactly the runs a bar counts: agent, created in [from, to), outcome. */
export function runsLinkFor({
  agentId,
  from,
  to,
  outcome,
  source = 'service',
}: {
  agentId: string;
  from: string;
  to: string;
  outcome?: InsightOutcome | 'queued';
  /** Where the figure came from; the outcome parameter is sent only to a service that has the extension. */
  source?: 'service' | 'runs';
}): RunsLink {
  // "All" hides archived runs: archived ones are on their own tab; the others' statuses are all under "All".
  const tab = outcome && (source === 'runs' || outcome === 'archived') ? TAB_OF_OUTCOME[outcome] : undefined;
  const search = runsLinkSearch({
    agentId,
    from,
    to: lastMicrosecondBefore(to),
    tab,
    outcome: source === 'service' ? outcome : undefined,
  });
  return { to: '/runs', search };
}

/**
 * From a fields or confidence figure to the runs behind it: the window's runs with the service's insight filters
 * (docs/insights.md), e.g. `{predictionLabel, predictionChanged: 'true'}` for a field's changed count. Only figures
 * from the service have a link: the runs list cannot filter by predictions, so without the extension there is none.
 * Archived runs count too; the runs page keeps them on its Archived tab, whose count is beside "All".
 */
export function figureRunsLink({
  agentId,
  from,
  to,
  filter,
  source,
}: {
  agentId: string;
  from: string;
  to: string;
  filter: RunInsightFilters;
  source: FiguresSource;
}): RunsLink | undefined {
  if (source !== 'service') return undefined;
  return { to: '/runs', search: runsLinkSearch({ agentId, from, to: lastMicrosecondBefore(to), filters: filter }) };
}

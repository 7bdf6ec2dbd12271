/**
 * Every agent's outcomes over a window: the service's extension when it has it, else counted from each agent's
 * newest runs of the window (an agent with more runs than were read is listed in `unknown` as `agent:<id>`).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { agentsQueryOptions } from '@/api/agents';
import { familyKey } from '@/api/keys';
import { useOrganizationScope } from '@/api/organization-scope';
import { REVIEW_STATUSES, runOutcome, type AgentRun, type InsightsOverview } from '@/contract';
import {
  extensionMissing,
  NEWEST_RUNS_LIMIT,
  newestRunsOfWindow,
  overviewFromService,
  type InsightsResult,
  type InsightsWindow,
} from './insights-source';

type OverviewRow = InsightsOverview['agents'][number];

/** One agent's row of the overview from its runs of the window, by the same rules as the service. */
export function overviewRowFromRuns(agentId: string, runs: readonly AgentRun[]): OverviewRow {
  const row: OverviewRow = {
    agentId,
    straightThrough: 0,
    reviewed: 0,
    error: 0,
    archived: 0,
    inProgress: 0,
    queued: 0,
  };
  for (const run of runs) {
    row[runOutcome(run)]++;
    if (REVIEW_STATUSES.includes(run.status)) row.queued++;
  }
  return row;
}

export async function fetchInsightsOverview(
  window: InsightsWindow,
  listAgents: () => Promise<{ agentId: string }[]>,
  signal?: AbortSignal,
): Promise<InsightsResult<InsightsOverview>> {
  try {
    return { insights: await overviewFromService(window, signal), source: 'service', unknown: [] };
  } catch (error) {
    // The overview names no agent: a 404/400 here is the missing extension itself (checked once more).
    if (!(await extensionMissing(error, window, signal))) throw error;
  }
  const agents = await listAgents();
  const unknown: string[] = [];
  const rows: OverviewRow[] = [];
  let basedOnRuns = 0;
  // One agent after another: a few agents of up to 1,000 runs each, without flooding the BFF.
  for (const { agentId } of agents) {
    const { runs, windowHeldMore } = await newestRunsOfWindow(agentId, window, signal);
    basedOnRuns += runs.length;
    if (windowHeldMore) unknown.push(`agent:${agentId}`);
    if (runs.length) rows.push(overviewRowFromRuns(agentId, runs));
  }
  rows.sort((a, b) => (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0));
  const from = new Date(window.from).toISOString();
  const to = new Date(window.to).toISOString();
  return {
    insights: { from, to, agents: rows },
    source: 'runs',
    basedOnRuns,
    newestRunsLimit: NEWEST_RUNS_LIMIT,
    windowHeldMore: unknown.length > 0,
    unknown,
  };
}

export function useInsightsOverview(window: { from: string; to: string }) {
  const org = useOrganizationScope();
  return useQuery({
    queryKey: [...familyKey(org, 'insights'), 'overview', window] as const,
    queryFn: ({ signal, client }) =>
      fetchInsightsOverview(window, () => client.ensureQueryData(agentsQueryOptions(org)), signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One agent's Insights over a window: the service's extension when it has it, else computed from the newest runs
 * of the window (`insightsFromRuns`), with what that cannot know listed in `unknown`.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, segment } from '@/api/client';
import { familyKey } from '@/api/keys';
import { useOrganizationScope } from '@/api/organization-scope';
import {
  agentInsightsSchema,
  FIGURES_NOT_IN_RUNS,
  insightsFromRuns,
  type AgentInsights,
  type InsightBucket,
} from '@/contract';
import {
  extensionMissing,
  NEWEST_RUNS_LIMIT,
  newestRunsOfWindow,
  type InsightsResult,
  type InsightsWindow,
} from './insights-source';

type AgentWindow = InsightsWindow & { bucket: InsightBucket };

/** The figures from the runs list: all of them but the predictions' when every run of the window was read. */
export async function agentInsightsFromRuns(
  agentId: string,
  window: AgentWindow,
  signal?: AbortSignal,
): Promise<InsightsResult<AgentInsights>> {
  const { runs, windowHeldMore } = await newestRunsOfWindow(agentId, window, signal);
  const unknown: string[] = [...FIGURES_NOT_IN_RUNS];
  // Older runs not read may be in the queue at any time, and their review times are missing.
  if (windowHeldMore) unknown.push('queue', 'durations');
  return {
    insights: insightsFromRuns(runs, window),
    source: 'runs',
    basedOnRuns: runs.length,
    newestRunsLimit: NEWEST_RUNS_LIMIT,
    windowHeldMore,
    knownFrom: windowHeldMore ? runs.at(-1)?.createdTime : undefined,
    unknown,
  };
}

export async function fetchAgentInsights(
  agentId: string,
  window: AgentWindow,
  signal?: AbortSignal,
): Promise<InsightsResult<AgentInsights>> {
  try {
    const insights = await api(`/agents/${segment(agentId)}/insights`, {
      query: window,
      schema: agentInsightsSchema,
      signal,
    });
    return { insights, source: 'service', unknown: [] };
  } catch (error) {
    if (!(await extensionMissing(error, window, signal))) throw error;
  }
  return agentInsightsFromRuns(agentId, window, signal);
}

export function useAgentInsights(agentId: string, window: { from: string; to: string; bucket: 'hour' | 'day' }) {
  const org = useOrganizationScope();
  return useQuery({
    queryKey: [...familyKey(org, 'insights'), 'agent', agentId, window] as const,
    queryFn: ({ signal }) => fetchAgentInsights(agentId, window, signal),
    placeholderData: keepPreviousData,
  });
}

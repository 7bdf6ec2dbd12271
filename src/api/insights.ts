/**
 * Insights: the service's insights extension (docs/insights.md), or — against a service without it — the newest runs
 * of the window the runs list gives, computed in the browser (`insightsFromRuns`, the overview's rows counted by the
 * same rules as the service), with what that cannot know listed in `unknown`.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  agentInsightsSchema,
  agentRunListSchema,
  FIGURES_NOT_IN_RUNS,
  insightsFromRuns,
  insightsOverviewSchema,
  MAX_LIST_RESULTS,
  REVIEW_STATUSES,
  runOutcome,
  type AgentInsights,
  type AgentRun,
  type InsightBucket,
  type InsightsOverview,
} from '@/contract';
import { agentsQueryOptions } from './agents';
import { api, segment } from './client';
import { isMissingExtension } from './errors';
import { familyKey } from './keys';
import { useOrganizationScope } from './organization-scope';

/** The most runs of one agent read for the fallback: one page of the runs list. */
export const NEWEST_RUNS_LIMIT = MAX_LIST_RESULTS;

export type InsightsWindow = { from: string; to: string };
export type AgentWindow = InsightsWindow & { bucket: InsightBucket };

/** `service`: the insights extension answered; `runs`: computed in the browser from the runs list. */
export type FiguresSource = 'service' | 'runs';

/** What the screens get besides the figures: their source, and what they could not know. */
export type InsightsResult<T> = {
  insights: T;
  source: FiguresSource;
  /** Source `runs`: how many runs the figures are of. */
  basedOnRuns?: number;
  /** Source `runs`: the most runs read (per agent); the window held more when `windowHeldMore`. */
  newestRunsLimit?: number;
  windowHeldMore?: boolean;
  /**
   * Source `runs`, when the window held more runs than were read: the created time of the oldest run read; the
   * figures of runs created before it are missing.
   */
  knownFrom?: string;
  /**
   * What cannot be known and is not to be shown: keys of the figures (`fields`, `confidence`, `queue`, `durations`;
   * for the overview also `agent:<agentId>`: that agent had more runs in the window than were read).
   */
  unknown: string[];
};

/** The overview's answer for the same window: 200 means the service has the extension. */
function overviewFromService(window: InsightsWindow, signal?: AbortSignal) {
  return api('/insights/agents', { query: window, schema: insightsOverviewSchema, signal });
}

/**
 * Tells "the service lacks the extension" from other failures of an insights call. A missing route answers 404 (our
 * service: `no route GET …`) or, behind some gateways, 400; but a 404 of `/agents/{id}/insights` can also mean an
 * unknown agent. So the answer of the overview, which names no agent, decides: if it answers, the failure was real.
 */
export async function extensionMissing(error: unknown, window: InsightsWindow, signal?: AbortSignal): Promise<boolean> {
  if (!isMissingExtension(error)) return false;
  try {
    await overviewFromService(window, signal);
    return false;
  } catch (probe) {
    if (isMissingExtension(probe)) return true;
    throw probe;
  }
}

/**
 * The list's created-time bounds are inclusive, an insights window ends before `to` (which the service reads to the
 * millisecond): the last microsecond before it (run timestamps have microseconds).
 */
export function lastMicrosecondBefore(to: string): string {
  return new Date(new Date(to).getTime() - 1).toISOString().replace(/Z$/, '999Z');
}

/** The newest runs of an agent created in [from, to) (one page), and whether the window held more. */
export async function newestRunsOfWindow(
  agentId: string,
  window: InsightsWindow,
  signal?: AbortSignal,
): Promise<{ runs: AgentRun[]; windowHeldMore: boolean }> {
  const page = await api(`/agents/${segment(agentId)}/runs`, {
    query: {
      sort: 'createdTime:desc',
      createdTimeAfter: window.from,
      createdTimeBefore: lastMicrosecondBefore(window.to),
      maxResults: NEWEST_RUNS_LIMIT,
    },
    schema: agentRunListSchema,
    signal,
  });
  return { runs: page.runs, windowHeldMore: page.nextToken !== null };
}

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

/** Keys of the insights family: one agent's figures and the overview, each by its window. */
export const insightsKeys = {
  agent: (org: string, agentId: string, window: AgentWindow) =>
    [...familyKey(org, 'insights'), 'agent', agentId, window] as const,
  overview: (org: string, window: InsightsWindow) => [...familyKey(org, 'insights'), 'overview', window] as const,
};

export function agentInsightsQueryOptions(org: string, agentId: string, window: AgentWindow) {
  return queryOptions({
    queryKey: insightsKeys.agent(org, agentId, window),
    queryFn: ({ signal }) => fetchAgentInsights(agentId, window, signal),
  });
}

export function insightsOverviewQueryOptions(org: string, window: InsightsWindow) {
  return queryOptions({
    queryKey: insightsKeys.overview(org, window),
    queryFn: ({ signal, client }) =>
      fetchInsightsOverview(window, () => client.ensureQueryData(agentsQueryOptions(org)), signal),
  });
}

/** One agent's figures; the previous window's stay shown while another loads. */
export function useAgentInsights(agentId: string, window: AgentWindow) {
  const org = useOrganizationScope();
  return useQuery({ ...agentInsightsQueryOptions(org, agentId, window), placeholderData: keepPreviousData });
}

/** Every agent's outcomes; the previous window's stay shown while another loads. */
export function useInsightsOverview(window: InsightsWindow) {
  const org = useOrganizationScope();
  return useQuery({ ...insightsOverviewQueryOptions(org, window), placeholderData: keepPreviousData });
}

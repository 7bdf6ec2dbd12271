/**
 * Where the Insights figures come from: the service's insights extension (docs/insights.md), or — against a service
 * without it — the newest runs of the window the runs list gives, computed in the browser.
 */
import { api, segment } from '@/api/client';
import { isMissingExtension } from '@/api/errors';
import { agentRunListSchema, insightsOverviewSchema, MAX_LIST_RESULTS, type AgentRun } from '@/contract';
import { lastMicrosecondBefore } from './runs-link';

/** The most runs of one agent read for the fallback: one page of the runs list. */
export const NEWEST_RUNS_LIMIT = MAX_LIST_RESULTS;

export type InsightsWindow = { from: string; to: string };

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

export { overviewFromService };

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

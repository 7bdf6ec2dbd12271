/**
 * Agent runs: the list of one agent's runs (status, created-time window, sort, nextToken), counts per status, a run,
 * and what the run page and the list's actions need (./agent-run-detail.ts, ./agent-run-actions.ts: not in the first
 * screen's code). Responses are parsed with the contract's schemas.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  agentRunCountsSchema,
  agentRunListSchema,
  agentRunStatusSchema,
  listSchema,
  MAX_LIST_RESULTS,
  type AgentRunCounts,
  type AgentRunStatus,
  type RunInsightFilters,
  type RunOutcomeFilter,
} from '@/contract';
import { api, segment } from './client';
import { isMissingExtension } from './errors';
import { createFamilyKeys } from './keys';

export const agentRunKeys = {
  ...createFamilyKeys('agent-runs'),
  counts: (org: string, params: object) => [...createFamilyKeys('agent-runs').all(org), 'counts', params] as const,
  variables: (org: string, agentId: string, runId: string) =>
    [...createFamilyKeys('agent-runs').all(org), 'variables', agentId, runId] as const,
};

/**
 * The service's outcome and insight filter extensions (docs/insights.md); a service without them ignores them: set
 * only when it has them.
 */
interface InsightExtensionFilters extends RunInsightFilters {
  outcome?: RunOutcomeFilter;
}

export interface AgentRunsListParams extends InsightExtensionFilters {
  agentId: string;
  statuses?: readonly AgentRunStatus[];
  sort?: 'createdTime:desc' | 'createdTime:asc';
  createdTimeAfter?: string;
  createdTimeBefore?: string;
  maxResults?: number;
  nextToken?: string;
}

/** The counts query: the list's filters but the statuses (the counts are split by them), sort and page. */
export interface AgentRunCountsParams extends InsightExtensionFilters {
  agentId: string;
  createdTimeAfter?: string;
  createdTimeBefore?: string;
}

function extensionQuery(params: InsightExtensionFilters) {
  return {
    outcome: params.outcome,
    predictionLabel: params.predictionLabel,
    predictionChanged: params.predictionChanged,
    predictionConfidence: params.predictionConfidence,
    lowestConfidence: params.lowestConfidence,
  };
}

export function listQuery(params: AgentRunsListParams) {
  return {
    status: params.statuses?.length ? params.statuses : undefined,
    ...extensionQuery(params),
    sort: params.sort ?? 'createdTime:desc',
    createdTimeAfter: params.createdTimeAfter,
    createdTimeBefore: params.createdTimeBefore,
    maxResults: params.maxResults,
    nextToken: params.nextToken,
  };
}

export function agentRunsListQueryOptions(org: string, params: AgentRunsListParams) {
  return queryOptions({
    queryKey: agentRunKeys.list(org, params),
    queryFn: ({ signal }) =>
      api(`/agents/${segment(params.agentId)}/runs`, { query: listQuery(params), schema: agentRunListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

// The fallback count reads only each run's status: parsing whole runs (timestamps, ids, events) kept the main thread
// busy while the first table was trying to paint.
const runStatusesPageSchema = listSchema('runs', z.object({ status: agentRunStatusSchema }));

/** Against a service without the counts extension, counting stops after this many runs (one page): "1,000+". */
export const FALLBACK_COUNT_LIMIT = MAX_LIST_RESULTS;

export interface AgentRunCountsResult {
  counts: AgentRunCounts;
  /** False when the counts are lower bounds: the service has no count endpoint and there were more runs than we read. */
  complete: boolean;
}

/**
 * How many of an agent's runs are in each status within a created-time window: one call to the embedded service's
 * count extension (docs/run-counts.md). A service without it (404/400, or an answer of another shape) gets the
 * newest FALLBACK_COUNT_LIMIT runs counted instead, marked incomplete, rather than every page read.
 */
export function agentRunCountsQueryOptions(org: string, params: AgentRunCountsParams) {
  return queryOptions({
    queryKey: agentRunKeys.counts(org, params),
    queryFn: async ({ signal }): Promise<AgentRunCountsResult> => {
      const query = {
        ...extensionQuery(params),
        createdTimeAfter: params.createdTimeAfter,
        createdTimeBefore: params.createdTimeBefore,
      };
      try {
        const { counts } = await api(`/agents/${segment(params.agentId)}/runs/counts`, {
          query,
          schema: agentRunCountsSchema,
          signal,
        });
        return { counts, complete: true };
      } catch (error) {
        if (!isMissingExtension(error)) throw error;
      }
      const page = await api(`/agents/${segment(params.agentId)}/runs`, {
        query: listQuery({ ...params, maxResults: FALLBACK_COUNT_LIMIT }),
        schema: runStatusesPageSchema,
        signal,
      });
      const counts: AgentRunCounts = {};
      for (const { status } of page.runs) counts[status] = (counts[status] ?? 0) + 1;
      return { counts, complete: !page.nextToken };
    },
    placeholderData: keepPreviousData,
  });
}

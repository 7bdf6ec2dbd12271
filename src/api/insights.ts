/**
 * Agent insights (docs/insights.md): one agent's figures over a window, and every agent's outcomes. Both are reads of
 * the embedded service's extension through the BFF; responses are parsed with the contract's schemas.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { agentInsightsSchema, insightsOverviewSchema, type InsightBucket } from '@/contract';
import { api, segment } from './client';
import { createFamilyKeys } from './keys';

const insightKeys = {
  ...createFamilyKeys('insights'),
  agent: (org: string, agentId: string, params: object) =>
    [...createFamilyKeys('insights').all(org), 'agent', agentId, params] as const,
  overview: (org: string, params: object) => [...createFamilyKeys('insights').all(org), 'overview', params] as const,
};

export interface InsightsWindowParams {
  from: string;
  to: string;
  bucket: InsightBucket;
}

export function agentInsightsQueryOptions(org: string, agentId: string, params: InsightsWindowParams) {
  return queryOptions({
    queryKey: insightKeys.agent(org, agentId, params),
    queryFn: ({ signal }) =>
      api(`/agents/${segment(agentId)}/insights`, { query: { ...params }, schema: agentInsightsSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function insightsOverviewQueryOptions(org: string, params: Pick<InsightsWindowParams, 'from' | 'to'>) {
  return queryOptions({
    queryKey: insightKeys.overview(org, params),
    queryFn: ({ signal }) =>
      api('/insights/agents', {
        query: { from: params.from, to: params.to },
        schema: insightsOverviewSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

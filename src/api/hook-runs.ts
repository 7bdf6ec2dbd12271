/** Hook runs: those of one agent run (per hook in its resourceIds) and one hook run. Parsed with the contract. */
import { queryOptions } from '@tanstack/react-query';
import { hookRunListSchema, hookRunSchema, type HookRun } from '../contract';
import { api, segment } from './client';
import { createFamilyKeys } from './keys';

export const hookRunKeys = {
  ...createFamilyKeys('hook-runs'),
  ofAgentRun: (org: string, agentRunId: string) => [...createFamilyKeys('hook-runs').all(org), 'of-agent-run', agentRunId] as const,
};

/** The hook runs an agent run caused: one list request per hook the run names. */
export function hookRunsOfAgentRunQueryOptions(org: string, agentRunId: string, hookIds: readonly string[]) {
  return queryOptions({
    queryKey: [...hookRunKeys.ofAgentRun(org, agentRunId), hookIds] as const,
    queryFn: async ({ signal }): Promise<HookRun[]> => {
      const pages = await Promise.all(
        hookIds.map((hookId) =>
          api(`/hooks/${segment(hookId)}/runs`, { query: { agentRunId, maxResults: 100 }, schema: hookRunListSchema, signal }),
        ),
      );
      return pages.flatMap((page) => page.runs);
    },
  });
}

export function hookRunQueryOptions(org: string, hookId: string, runId: string) {
  return queryOptions({
    queryKey: hookRunKeys.detail(org, `${hookId}/${runId}`),
    queryFn: ({ signal }) => api(`/hooks/${segment(hookId)}/runs/${segment(runId)}`, { schema: hookRunSchema, signal }),
  });
}

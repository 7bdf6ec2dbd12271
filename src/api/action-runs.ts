/** Action runs: those of one agent run (per action in its resourceIds) and one action run. Parsed with the contract. */
import { queryOptions } from '@tanstack/react-query';
import { actionRunListSchema, actionRunSchema, type ActionRun } from '../contract';
import { api, segment } from './client';
import { createFamilyKeys } from './keys';

export const actionRunKeys = {
  ...createFamilyKeys('action-runs'),
  ofAgentRun: (org: string, agentRunId: string) => [...createFamilyKeys('action-runs').all(org), 'of-agent-run', agentRunId] as const,
};

/** The action runs an agent run caused: one list request per action the run names. */
export function actionRunsOfAgentRunQueryOptions(org: string, agentRunId: string, actionIds: readonly string[]) {
  return queryOptions({
    queryKey: [...actionRunKeys.ofAgentRun(org, agentRunId), actionIds] as const,
    queryFn: async ({ signal }): Promise<ActionRun[]> => {
      const pages = await Promise.all(
        actionIds.map((actionId) =>
          api(`/actions/${segment(actionId)}/runs`, { query: { agentRunId, maxResults: 100 }, schema: actionRunListSchema, signal }),
        ),
      );
      return pages.flatMap((page) => page.runs);
    },
  });
}

export function actionRunQueryOptions(org: string, actionId: string, runId: string) {
  return queryOptions({
    queryKey: actionRunKeys.detail(org, `${actionId}/${runId}`),
    queryFn: ({ signal }) => api(`/actions/${segment(actionId)}/runs/${segment(runId)}`, { schema: actionRunSchema, signal }),
  });
}

/**
 * What operators do to agent runs — archive, delete, archive every run matching a filter — apart from ./agent-runs.ts,
 * whose list and counts load with the first screen. Mutation hooks own invalidation and await it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentRunListSchema, agentRunSchema, MAX_LIST_RESULTS, type AgentRun } from '@/contract';
import { agentRunKeys, listQuery, type AgentRunsListParams } from './agent-runs';
import { api, segment } from './client';
import { useOrganizationScope } from './organization-scope';

/** Every run matching a filter, following nextToken (for counts and "archive every matching run"). */
export async function fetchAllAgentRuns(
  params: Omit<AgentRunsListParams, 'maxResults' | 'nextToken'>,
  signal?: AbortSignal,
): Promise<AgentRun[]> {
  const runs: AgentRun[] = [];
  let nextToken: string | undefined;
  do {
    const page = await api(`/agents/${segment(params.agentId)}/runs`, {
      query: listQuery({ ...params, maxResults: MAX_LIST_RESULTS, nextToken }),
      schema: agentRunListSchema,
      signal,
    });
    runs.push(...page.runs);
    nextToken = page.nextToken ?? undefined;
  } while (nextToken);
  return runs;
}

export function archiveAgentRun(agentId: string, runId: string): Promise<AgentRun> {
  return api(`/agents/${segment(agentId)}/runs/${segment(runId)}`, {
    method: 'PATCH',
    body: { status: 'archived' },
    schema: agentRunSchema,
  });
}

/** Archives runs one by one; reports how many succeeded and the first failure. */
export async function archiveAgentRuns(
  runs: readonly Pick<AgentRun, 'agentId' | 'runId'>[],
): Promise<{ archived: number; failed: number; error?: unknown }> {
  let archived = 0;
  let failed = 0;
  let error: unknown;
  for (const run of runs) {
    try {
      await archiveAgentRun(run.agentId, run.runId);
      archived++;
    } catch (cause) {
      failed++;
      error ??= cause;
    }
  }
  return { archived, failed, error };
}

export function useArchiveAgentRuns() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (runs: readonly Pick<AgentRun, 'agentId' | 'runId'>[]) => archiveAgentRuns(runs),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: agentRunKeys.all(org) });
    },
  });
}

export function useDeleteAgentRun() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({ agentId, runId }: { agentId: string; runId: string }) =>
      api(`/agents/${segment(agentId)}/runs/${segment(runId)}`, { method: 'DELETE', schema: agentRunSchema }),
    onSuccess: async (run) => {
      queryClient.removeQueries({ queryKey: agentRunKeys.detail(org, `${run.agentId}/${run.runId}`) });
      await queryClient.invalidateQueries({ queryKey: agentRunKeys.lists(org) });
      await queryClient.invalidateQueries({ queryKey: [...agentRunKeys.all(org), 'counts'] });
    },
  });
}

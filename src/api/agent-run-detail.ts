/**
 * One agent run and its variables (through the BFF's file proxy), for the run page and the review screen; apart from
 * ./agent-runs.ts, whose list and counts load with the first screen.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { agentRunSchema, type AgentRun } from '@/contract';
import { agentRunKeys } from './agent-runs';
import { api, request, segment } from './client';

export function agentRunQueryOptions(org: string, agentId: string, runId: string) {
  return queryOptions({
    queryKey: agentRunKeys.detail(org, `${agentId}/${runId}`),
    queryFn: ({ signal }) =>
      api(`/agents/${segment(agentId)}/runs/${segment(runId)}`, { schema: agentRunSchema, signal }),
  });
}

/** The run's variables: its variablesFileUrl read through the BFF's file proxy (the browser never holds a token). */
export function agentRunVariablesQueryOptions(org: string, run: AgentRun) {
  return queryOptions({
    queryKey: [...agentRunKeys.variables(org, run.agentId, run.runId), run.variablesFileUrl] as const,
    queryFn: ({ signal }) =>
      request('/bff/file', {
        query: { url: run.variablesFileUrl ?? '' },
        schema: z.record(z.string(), z.unknown()),
        signal,
      }),
    enabled: Boolean(run.variablesFileUrl),
  });
}

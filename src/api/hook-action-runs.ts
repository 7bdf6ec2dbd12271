/**
 * Hook runs and action runs: the same calls under `/hooks` and `/actions`, so one module takes the kind. The runs
 * one agent run caused (one list request per hook or action it names) and one run. Parsed with the contract.
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import {
  actionRunListSchema,
  actionRunSchema,
  hookRunListSchema,
  hookRunSchema,
  type ActionRun,
  type HookRun,
} from '@/contract';
import { api, segment } from './client';
import { createFamilyKeys } from './keys';

export type SubRunKind = 'hook' | 'action';
type SubRun<K extends SubRunKind> = { hook: HookRun; action: ActionRun }[K];

interface Family<R> {
  keys: ReturnType<typeof createFamilyKeys<string>>;
  path: string;
  run: z.core.$ZodType<R>;
  list: z.core.$ZodType<{ runs: R[] }>;
}

const FAMILIES: { [K in SubRunKind]: Family<SubRun<K>> } = {
  hook: { keys: createFamilyKeys('hook-runs'), path: '/hooks', run: hookRunSchema, list: hookRunListSchema },
  action: { keys: createFamilyKeys('action-runs'), path: '/actions', run: actionRunSchema, list: actionRunListSchema },
};

/** The hook or action runs an agent run caused: one list request per hook or action the run names. */
export function subRunsOfAgentRunQueryOptions<K extends SubRunKind>(
  org: string,
  kind: K,
  agentRunId: string,
  ownerIds: readonly string[],
) {
  const family: Family<SubRun<K>> = FAMILIES[kind];
  // family.keys are the kind's own keys (hook-runs or action-runs): they stand for family.path and family.list.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: [...family.keys.all(org), 'of-agent-run', agentRunId, ownerIds] as const,
    queryFn: async ({ signal }): Promise<SubRun<K>[]> => {
      const pages = await Promise.all(
        ownerIds.map((ownerId) =>
          api(`${family.path}/${segment(ownerId)}/runs`, {
            query: { agentRunId, maxResults: 100 },
            schema: family.list,
            signal,
          }),
        ),
      );
      return pages.flatMap((page) => page.runs);
    },
  });
}

/** One hook run (`kind` hook, the hook's id) or action run (`kind` action, the action's id). */
export function subRunQueryOptions<K extends SubRunKind>(org: string, kind: K, ownerId: string, runId: string) {
  const family: Family<SubRun<K>> = FAMILIES[kind];
  // family.keys are the kind's own keys: they stand for family.path and family.run.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: family.keys.detail(org, `${ownerId}/${runId}`),
    queryFn: ({ signal }) =>
      api(`${family.path}/${segment(ownerId)}/runs/${segment(runId)}`, { schema: family.run, signal }),
  });
}

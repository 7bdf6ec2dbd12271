/**
 * Agents: key factory, list/detail queries, create, update and delete. Responses are parsed with the contract's
 * schemas; mutation hooks own invalidation and await it.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  agentListSchema,
  agentSchema,
  MAX_LIST_RESULTS,
  type Agent,
  type CreateAgentBody,
  type UpdateAgentBody,
} from '@/contract';
import { api, segment } from './client';
import { useIdempotentCreate } from './idempotent-create';
import { createFamilyKeys } from './keys';
import { useOrganizationScope } from './organization-scope';

export const agentKeys = createFamilyKeys('agents');

/** Every agent (an organization has few; pages are followed so the picker never misses one). */
export function agentsQueryOptions(org: string) {
  return queryOptions({
    queryKey: agentKeys.list(org, { all: true }),
    queryFn: async ({ signal }) => {
      const agents: Agent[] = [];
      let nextToken: string | undefined;
      do {
        const page = await api('/agents', {
          query: { maxResults: MAX_LIST_RESULTS, nextToken },
          schema: agentListSchema,
          signal,
        });
        agents.push(...page.agents);
        nextToken = page.nextToken ?? undefined;
      } while (nextToken);
      return agents;
    },
  });
}

export function agentQueryOptions(org: string, agentId: string) {
  return queryOptions({
    queryKey: agentKeys.detail(org, agentId),
    queryFn: ({ signal }) => api(`/agents/${segment(agentId)}`, { schema: agentSchema, signal }),
  });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  const create = useIdempotentCreate((body: CreateAgentBody, idempotencyKey) =>
    api('/agents', { method: 'POST', body, schema: agentSchema, idempotencyKey }),
  );
  return useMutation({
    mutationFn: create,
    onSuccess: async (agent) => {
      queryClient.setQueryData(agentKeys.detail(org, agent.agentId), agent);
      await queryClient.invalidateQueries({ queryKey: agentKeys.lists(org) });
    },
  });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({ agentId, body }: { agentId: string; body: UpdateAgentBody }) =>
      api(`/agents/${segment(agentId)}`, { method: 'PATCH', body, schema: agentSchema }),
    onSuccess: async (agent) => {
      queryClient.setQueryData(agentKeys.detail(org, agent.agentId), agent);
      await queryClient.invalidateQueries({ queryKey: agentKeys.lists(org) });
    },
  });
}

/**
 * Agents: every agent (an organization has few), one agent, create, update — the standard family
 * (./resource-api.ts), listed whole rather than by page.
 */
import { queryOptions } from '@tanstack/react-query';
import {
  agentListSchema,
  agentSchema,
  MAX_LIST_RESULTS,
  type Agent,
  type CreateAgentBody,
  type UpdateAgentBody,
} from '@/contract';
import { api } from './client';
import { defineResourceApi } from './resource-api';

const agentsApi = defineResourceApi<CreateAgentBody, UpdateAgentBody>()({
  family: 'agents',
  path: '/agents',
  idField: 'agentId',
  schema: agentSchema,
  listSchema: agentListSchema,
});

export const {
  detailQueryOptions: agentQueryOptions,
  useCreate: useCreateAgent,
  useUpdate: useUpdateAgent,
} = agentsApi;

/** Every agent (pages are followed so the picker never misses one). */
export function agentsQueryOptions(org: string) {
  return queryOptions({
    queryKey: agentsApi.keys.list(org, { all: true }),
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

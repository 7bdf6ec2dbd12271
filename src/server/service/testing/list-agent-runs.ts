/**
 * Every run of an agent's filtered runs list, for the service's tests: follows nextToken with pages of two, so a
 * filter is checked to hold across pages and to be bound to its token.
 */
import { agentRunListSchema, type AgentRun } from '@/contract';
import type { ApiClient } from './http';

export async function listAgentRuns(
  api: ApiClient,
  agentId: string,
  query: Record<string, string>,
): Promise<AgentRun[]> {
  const found: AgentRun[] = [];
  let nextToken: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, maxResults: '2', ...(nextToken ? { nextToken } : {}) });
    const result = await api.get(`/agents/${agentId}/runs?${params}`);
    if (result.status !== 200) throw new Error(`runs list → ${result.status}: ${JSON.stringify(result.body)}`);
    const page = agentRunListSchema.parse(result.body);
    found.push(...page.runs);
    nextToken = page.nextToken;
  } while (nextToken);
  return found;
}

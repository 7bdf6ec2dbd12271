/** An agent as the service keeps it, built from its create body for the API (endpoints/agents.ts) and the demo data. */
import { newId, type Agent, type CreateAgentBody } from '@/contract';
import { createdStamp } from '@/server/service/storage';
import type { Creator } from '@/server/service/context';

export function newAgent(body: CreateAgentBody, creator: Creator): Agent {
  return {
    agentId: newId('agent'),
    name: body.name ?? null,
    description: body.description ?? null,
    metadata: body.metadata ?? {},
    resourceIds: body.resourceIds ?? [],
    ...createdStamp(creator.actor),
  };
}

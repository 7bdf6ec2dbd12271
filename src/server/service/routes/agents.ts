/** Agents: a name and the resourceIds that make up the workflow its runs follow (model, validation, hooks, actions). */
import { z } from 'zod';
import {
  agentIdSchema, agentListSchema, agentSchema, createAgentBodySchema, listQuerySchema, newId, updateAgentBodySchema,
  type Agent,
} from '../../../contract';
import { defineRoute } from '../routing/define-route';
import { agentsRepo } from '../runs/repositories';
import { bumpCounter, createdStamp, updatedStamp } from '../storage';

const params = z.object({ agentId: agentIdSchema });

export const agentRoutes = [
  defineRoute({
    method: 'POST', path: '/agents', family: 'agents', summary: 'Create an agent',
    body: createAgentBodySchema,
    response: agentSchema,
    handler: async ({ body, auth, ctx }) => {
      const agent: Agent = {
        agentId: newId('agent'),
        name: body.name ?? null,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        resourceIds: body.resourceIds ?? [],
        ...createdStamp(auth.actor),
      };
      await ctx.store.transaction(async (tx) => {
        await bumpCounter(tx, auth.organizationId, 'numberOfAgentsCreated', 1);
        await agentsRepo.create(tx, auth.organizationId, agent);
      });
      return agent;
    },
  }),

  defineRoute({
    method: 'GET', path: '/agents', family: 'agents', summary: 'List agents',
    query: listQuerySchema,
    response: agentListSchema,
    handler: async ({ query, auth, ctx }) => {
      const page = await agentsRepo.list(ctx.store.db, auth.organizationId, query);
      return { agents: page.items, nextToken: page.nextToken };
    },
  }),

  defineRoute({
    method: 'GET', path: '/agents/:agentId', family: 'agents', summary: 'Get an agent',
    params,
    response: agentSchema,
    handler: async ({ params, auth, ctx }) => agentsRepo.require(ctx.store.db, auth.organizationId, params.agentId),
  }),

  defineRoute({
    method: 'PATCH', path: '/agents/:agentId', family: 'agents', summary: 'Update an agent (name, description, metadata, resourceIds)',
    params,
    body: updateAgentBodySchema,
    response: agentSchema,
    handler: async ({ params, body, auth, ctx }) =>
      agentsRepo.patch(ctx.store.db, auth.organizationId, params.agentId, (current) => ({ ...current, ...body, ...updatedStamp(auth.actor) })),
  }),

  defineRoute({
    method: 'DELETE', path: '/agents/:agentId', family: 'agents', summary: 'Delete an agent (its runs stay listed under its id)',
    params,
    response: agentSchema,
    handler: async ({ params, auth, ctx }) =>
      ctx.store.transaction(async (tx) => {
        const removed = await agentsRepo.delete(tx, auth.organizationId, params.agentId);
        await bumpCounter(tx, auth.organizationId, 'numberOfAgentsCreated', -1);
        return removed;
      }),
  }),
];

/** Agents: a name and the resourceIds that make up the workflow its runs follow (model, validation, hooks, actions). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentIdSchema, agentListSchema, agentSchema, createAgentBodySchema, updateAgentBodySchema } from '@/contract';
import { newAgent } from '@/server/service/resources/agents';
import { agentsRepo } from '@/server/service/storage/repositories/agents';
import { resourceRoutes } from './resource-routes';

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    path: '/agents',
    idParam: 'agentId',
    idSchema: agentIdSchema,
    family: 'agents',
    repo: agentsRepo,
    counter: 'numberOfAgentsCreated',
    schema: agentSchema,
    listSchema: agentListSchema,
    listKey: 'agents',
    summaries: {
      create: 'Create an agent',
      list: 'List agents',
      get: 'Get an agent',
      update: 'Update an agent (name, description, metadata, resourceIds)',
      delete: 'Delete an agent (its runs stay listed under its id)',
    },
    create: {
      body: createAgentBodySchema,
      build: newAgent,
    },
    update: { body: updateAgentBodySchema },
  });
};

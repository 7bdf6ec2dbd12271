/**
 * Models: built and patched by resources/models.ts, as the demo data's (`version`, `updatedFieldConfigTime` and
 * `statistics` follow the fieldConfig there).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createModelBodySchema, modelIdSchema, modelListSchema, modelSchema, updateModelBodySchema } from '@/contract';
import { newModel, patchedModel } from '@/server/service/resources/models';
import { modelsRepo } from '@/server/service/storage/repositories/models';
import { resourceRoutes } from './resource-routes';

export const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    path: '/models',
    idParam: 'modelId',
    idSchema: modelIdSchema,
    family: 'models',
    repo: modelsRepo,
    counter: 'numberOfModelsCreated',
    schema: modelSchema,
    listSchema: modelListSchema,
    listKey: 'models',
    summaries: {
      create: 'Create a model',
      list: 'List models',
      get: 'Get a model',
      update: 'Update a model (a changed fieldConfig increments version)',
      delete: 'Delete a model',
    },
    create: { body: createModelBodySchema, build: newModel },
    update: { body: updateModelBodySchema, apply: (current, body, auth) => patchedModel(current, body, auth.actor) },
  });
};

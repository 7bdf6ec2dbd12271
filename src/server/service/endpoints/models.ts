/**
 * Models. `version` starts at 0 and increments whenever `fieldConfig` changes (then `updatedFieldConfigTime` is
 * set); `statistics` counts the fields by type and the predictions made with the model.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createModelBodySchema,
  modelIdSchema,
  modelListSchema,
  modelSchema,
  newId,
  nowTimestamp,
  updateModelBodySchema,
  type Model,
} from '@/contract';
import { modelsRepo } from '@/server/service/storage/repositories/models';
import { createdStamp, updatedStamp } from '@/server/service/storage';
import { fieldStatistics } from '@/server/service/models/field-statistics';
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
    create: {
      body: createModelBodySchema,
      build: (body, auth): Model => {
        const fieldConfig = body.fieldConfig ?? {};
        return {
          modelId: newId('model'),
          organizationId: auth.organizationId,
          trainingId: null,
          name: body.name ?? null,
          description: body.description ?? null,
          metadata: body.metadata ?? {},
          fieldConfig,
          preprocessConfig: body.preprocessConfig ?? {},
          postprocessConfig: { strategy: body.postprocessConfig?.strategy ?? 'BEST_FIRST', outputFormat: 'v1' },
          status: 'active',
          llmVersion: body.llmVersion ?? 'sonnet-4.5',
          confidenceVersion: body.confidenceVersion ?? 'v2',
          version: 0,
          numberOfRunningTrainings: 0,
          numberOfDataBundles: 0,
          statistics: { ...fieldStatistics(fieldConfig), numberOfPredictions: 0 },
          updatedFieldConfigTime: body.fieldConfig ? nowTimestamp() : null,
          ...createdStamp(auth.actor),
        };
      },
    },
    update: {
      body: updateModelBodySchema,
      apply: (current, body, auth) => {
        const next: Model = { ...current, ...body, ...updatedStamp(auth.actor) };
        if (body.postprocessConfig)
          next.postprocessConfig = {
            ...body.postprocessConfig,
            outputFormat: current.postprocessConfig?.outputFormat ?? 'v1',
          };
        if (body.fieldConfig && JSON.stringify(body.fieldConfig) !== JSON.stringify(current.fieldConfig ?? {})) {
          next.version = (current.version ?? 0) + 1;
          next.updatedFieldConfigTime = next.updatedTime;
          next.statistics = { ...(current.statistics ?? {}), ...fieldStatistics(body.fieldConfig) };
        }
        return next;
      },
    },
  });
};

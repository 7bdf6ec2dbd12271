/**
 * Models. `version` starts at 0 and increments whenever `fieldConfig` changes (then `updatedFieldConfigTime` is
 * set); `statistics` counts the fields by type and the predictions made with the model.
 */
import { z } from 'zod';
import {
  createModelBodySchema, listQuerySchema, modelIdSchema, modelListSchema, modelSchema, newId, nowTimestamp,
  updateModelBodySchema, type FieldConfig, type Model,
} from '../../../contract';
import { defineRoute } from '../routing/define-route';
import { modelsRepo } from '../runs/repositories';
import { bumpCounter, createdStamp, updatedStamp } from '../storage';

const params = z.object({ modelId: modelIdSchema });

export function fieldStatistics(fieldConfig: FieldConfig): Record<string, unknown> {
  const fieldTypes: Record<string, number> = {};
  for (const spec of Object.values(fieldConfig)) fieldTypes[spec.type] = (fieldTypes[spec.type] ?? 0) + 1;
  return { numberOfFields: Object.keys(fieldConfig).length, fieldTypes };
}

export const modelRoutes = [
  defineRoute({
    method: 'POST', path: '/models', family: 'models', summary: 'Create a model',
    body: createModelBodySchema,
    response: modelSchema,
    handler: async ({ body, auth, ctx }) => {
      const fieldConfig = body.fieldConfig ?? {};
      const model: Model = {
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
      await ctx.store.transaction(async (tx) => {
        await bumpCounter(tx, auth.organizationId, 'numberOfModelsCreated', 1);
        await modelsRepo.create(tx, auth.organizationId, model);
      });
      return model;
    },
  }),

  defineRoute({
    method: 'GET', path: '/models', family: 'models', summary: 'List models',
    query: listQuerySchema,
    response: modelListSchema,
    handler: async ({ query, auth, ctx }) => {
      const page = await modelsRepo.list(ctx.store.db, auth.organizationId, query);
      return { models: page.items, nextToken: page.nextToken };
    },
  }),

  defineRoute({
    method: 'GET', path: '/models/:modelId', family: 'models', summary: 'Get a model',
    params,
    response: modelSchema,
    handler: async ({ params, auth, ctx }) => modelsRepo.require(ctx.store.db, auth.organizationId, params.modelId),
  }),

  defineRoute({
    method: 'PATCH', path: '/models/:modelId', family: 'models', summary: 'Update a model (a changed fieldConfig increments version)',
    params,
    body: updateModelBodySchema,
    response: modelSchema,
    handler: async ({ params, body, auth, ctx }) =>
      modelsRepo.patch(ctx.store.db, auth.organizationId, params.modelId, (current) => {
        const next: Model = { ...current, ...body, ...updatedStamp(auth.actor) };
        if (body.postprocessConfig) next.postprocessConfig = { ...body.postprocessConfig, outputFormat: current.postprocessConfig?.outputFormat ?? 'v1' };
        if (body.fieldConfig && JSON.stringify(body.fieldConfig) !== JSON.stringify(current.fieldConfig ?? {})) {
          next.version = (current.version ?? 0) + 1;
          next.updatedFieldConfigTime = next.updatedTime;
          next.statistics = { ...(current.statistics ?? {}), ...fieldStatistics(body.fieldConfig) };
        }
        return next;
      }),
  }),

  defineRoute({
    method: 'DELETE', path: '/models/:modelId', family: 'models', summary: 'Delete a model',
    params,
    response: modelSchema,
    handler: async ({ params, auth, ctx }) =>
      ctx.store.transaction(async (tx) => {
        const removed = await modelsRepo.delete(tx, auth.organizationId, params.modelId);
        await bumpCounter(tx, auth.organizationId, 'numberOfModelsCreated', -1);
        return removed;
      }),
  }),
];

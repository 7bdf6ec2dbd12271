/**
 * Validations and their tasks. Tasks are created by agent runs (see ../runs/agent-run-engine.ts); a PATCH moves a
 * task `ready → in-progress → succeeded | failed` (or back to `ready`) and moves its agent run with it.
 */
import { z } from 'zod';
import {
  createValidationBodySchema, listQuerySchema, newId, updateValidationBodySchema, updateValidationTaskBodySchema,
  validationIdSchema, validationListSchema, validationSchema, validationTaskIdSchema, validationTaskListSchema,
  validationTaskSchema, validationTaskStatusSchema, type Validation,
} from '../../../contract';
import { notFound } from '../http-error';
import { defineRoute } from '../routing/define-route';
import { updateValidationTask } from '../runs/agent-run-engine';
import { validationTasksRepo, validationsRepo } from '../runs/repositories';
import { bumpCounter, createdStamp, updatedStamp } from '../storage';
import { runScope } from './run-scope';

const params = z.object({ validationId: validationIdSchema });
const taskParams = z.object({ validationId: validationIdSchema, taskId: validationTaskIdSchema });

export const validationRoutes = [
  defineRoute({
    method: 'POST', path: '/validations', family: 'validations', summary: 'Create a validation',
    body: createValidationBodySchema,
    response: validationSchema,
    handler: async ({ body, auth, ctx }) => {
      const validationId = newId('validation');
      const validation: Validation = {
        validationId,
        id: validationId,
        name: body.name ?? null,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        config: body.config ?? {},
        enabled: body.enabled ?? true,
        ...createdStamp(auth.actor),
      };
      await ctx.store.transaction(async (tx) => {
        await bumpCounter(tx, auth.organizationId, 'numberOfValidationsCreated', 1);
        await validationsRepo.create(tx, auth.organizationId, validation);
      });
      return validation;
    },
  }),

  defineRoute({
    method: 'GET', path: '/validations', family: 'validations', summary: 'List validations',
    query: listQuerySchema,
    response: validationListSchema,
    handler: async ({ query, auth, ctx }) => {
      const page = await validationsRepo.list(ctx.store.db, auth.organizationId, query);
      return { validations: page.items, nextToken: page.nextToken };
    },
  }),

  defineRoute({
    method: 'GET', path: '/validations/:validationId', family: 'validations', summary: 'Get a validation',
    params,
    response: validationSchema,
    handler: async ({ params, auth, ctx }) => validationsRepo.require(ctx.store.db, auth.organizationId, params.validationId),
  }),

  defineRoute({
    method: 'PATCH', path: '/validations/:validationId', family: 'validations', summary: 'Update a validation',
    params,
    body: updateValidationBodySchema,
    response: validationSchema,
    handler: async ({ params, body, auth, ctx }) =>
      validationsRepo.patch(ctx.store.db, auth.organizationId, params.validationId, (current) => ({
        ...current,
        ...body,
        ...updatedStamp(auth.actor),
      })),
  }),

  defineRoute({
    method: 'DELETE', path: '/validations/:validationId', family: 'validations', summary: 'Delete a validation',
    params,
    response: validationSchema,
    handler: async ({ params, auth, ctx }) =>
      ctx.store.transaction(async (tx) => {
        const removed = await validationsRepo.delete(tx, auth.organizationId, params.validationId);
        await bumpCounter(tx, auth.organizationId, 'numberOfValidationsCreated', -1);
        return removed;
      }),
  }),

  defineRoute({
    method: 'GET', path: '/validations/:validationId/tasks', family: 'validations.tasks', summary: "List a validation's tasks (filter: status, repeatable)",
    params,
    query: listQuerySchema.extend({
      status: z.union([validationTaskStatusSchema, z.array(validationTaskStatusSchema)]).optional(),
    }),
    response: validationTaskListSchema,
    handler: async ({ params, query, auth, ctx }) => {
      await validationsRepo.require(ctx.store.db, auth.organizationId, params.validationId);
      const page = await validationTasksRepo.list(ctx.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        where: { validationId: params.validationId, status: query.status },
      });
      return { validationTasks: page.items, nextToken: page.nextToken };
    },
  }),

  defineRoute({
    method: 'GET', path: '/validations/:validationId/tasks/:taskId', family: 'validations.tasks', summary: 'Get a validation task',
    params: taskParams,
    response: validationTaskSchema,
    handler: async ({ params, auth, ctx }) => {
      const task = await validationTasksRepo.require(ctx.store.db, auth.organizationId, params.taskId);
      if (task.validationId !== params.validationId) throw notFound(`Validation task ${params.taskId} not found`);
      return task;
    },
  }),

  defineRoute({
    method: 'PATCH', path: '/validations/:validationId/tasks/:taskId', family: 'validations.tasks',
    summary: 'Move a validation task (ready → in-progress → succeeded | failed, or back to ready); its agent run moves with it',
    params: taskParams,
    body: updateValidationTaskBodySchema,
    response: validationTaskSchema,
    handler: async ({ params, body, auth, ctx }) =>
      ctx.store.transaction((tx) => updateValidationTask(tx, runScope(auth, ctx), params.validationId, params.taskId, body)),
  }),
];

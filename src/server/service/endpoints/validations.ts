/**
 * Validations and their tasks. Tasks are created by agent runs (see ../runs/agent-run-engine.ts); a PATCH moves a
 * task `ready → in-progress → succeeded | failed` (or back to `ready`) and moves its agent run with it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  createValidationBodySchema,
  listQuerySchema,
  updateValidationBodySchema,
  updateValidationTaskBodySchema,
  validationIdSchema,
  validationListSchema,
  validationSchema,
  validationTaskIdSchema,
  validationTaskListSchema,
  validationTaskSchema,
  validationTaskStatusSchema,
} from '@/contract';
import { notFound } from '@/server/service/http-error';
import { newValidation } from '@/server/service/resources/validations';
import { updateValidationTask } from '@/server/service/runs/agent-run-engine';
import { validationTasksRepo, validationsRepo } from '@/server/service/storage/repositories/validations';
import { resourceRoutes } from './resource-routes';
import { runScope } from './run-scope';

const params = z.object({ validationId: validationIdSchema });
const taskParams = z.object({ validationId: validationIdSchema, taskId: validationTaskIdSchema });

export const validationRoutes: FastifyPluginAsyncZod = async (app) => {
  resourceRoutes(app, {
    path: '/validations',
    idParam: 'validationId',
    idSchema: validationIdSchema,
    family: 'validations',
    repo: validationsRepo,
    counter: 'numberOfValidationsCreated',
    schema: validationSchema,
    listSchema: validationListSchema,
    listKey: 'validations',
    summaries: {
      create: 'Create a validation',
      list: 'List validations',
      get: 'Get a validation',
      update: 'Update a validation',
      delete: 'Delete a validation',
    },
    create: { body: createValidationBodySchema, build: newValidation },
    update: { body: updateValidationBodySchema },
  });

  const config = { family: 'validations.tasks' } as const;
  app.get(
    '/validations/:validationId/tasks',
    {
      schema: {
        summary: "List a validation's tasks (filter: status, repeatable)",
        params,
        querystring: z.object({
          ...listQuerySchema.shape,
          status: z.optional(z.union([validationTaskStatusSchema, z.array(validationTaskStatusSchema)])),
        }),
        response: { 200: validationTaskListSchema },
      },
      config,
    },
    async ({ params, query, auth }) => {
      await validationsRepo.require(app.store.db, auth.organizationId, params.validationId);
      const page = await validationTasksRepo.list(app.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        where: { validationId: params.validationId, status: query.status },
      });
      return { validationTasks: page.items, nextToken: page.nextToken };
    },
  );

  app.get(
    '/validations/:validationId/tasks/:taskId',
    {
      schema: { summary: 'Get a validation task', params: taskParams, response: { 200: validationTaskSchema } },
      config,
    },
    async ({ params, auth }) => {
      const task = await validationTasksRepo.require(app.store.db, auth.organizationId, params.taskId);
      if (task.validationId !== params.validationId) throw notFound(`Validation task ${params.taskId} not found`);
      return task;
    },
  );

  app.patch(
    '/validations/:validationId/tasks/:taskId',
    {
      schema: {
        summary:
          'Move a validation task (ready → in-progress → succeeded | failed, or back to ready); its agent run moves with it',
        params: taskParams,
        body: updateValidationTaskBodySchema,
        response: { 200: validationTaskSchema },
      },
      config,
    },
    // Its own transactions: one statement reads, one writes (agent-run-engine.ts).
    async (request) =>
      updateValidationTask(
        app.store.db,
        runScope(request),
        request.params.validationId,
        request.params.taskId,
        request.body,
      ),
  );
};

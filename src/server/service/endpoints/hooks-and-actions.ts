/**
 * Hooks and actions (their definitions) and their runs. Runs are created by agent run transitions
 * (../runs/hook-action-runs.ts); clients read them: `/hooks/{id}/runs` and `/actions/{id}/runs`, filterable by
 * `agentRunId` and `status`.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  actionIdSchema,
  actionListSchema,
  actionRunListSchema,
  actionRunSchema,
  actionSchema,
  agentRunRefSchema,
  createActionBodySchema,
  createHookBodySchema,
  hookListSchema,
  hookRefSchema,
  hookRunListSchema,
  hookRunSchema,
  hookSchema,
  listQuerySchema,
  runIdSchema,
  runStatusSchema,
  updateActionBodySchema,
  updateHookBodySchema,
  type ScopeFamily,
} from '@/contract';
import { notFound } from '@/server/service/http-error';
import { newAction, newHook } from '@/server/service/resources/hooks-and-actions';
import {
  actionRunsRepo,
  actionsRepo,
  hookRunsRepo,
  hooksRepo,
} from '@/server/service/storage/repositories/hooks-and-actions';
import type { Repository } from '@/server/service/storage';
import { resourceRoutes, type ZodApp } from './resource-routes';

const runListQuery = z.object({
  ...listQuerySchema.shape,
  agentRunId: z.optional(agentRunRefSchema),
  status: z.optional(z.union([runStatusSchema, z.array(runStatusSchema)])),
  sort: z.optional(
    z.enum(['createdTime:desc', 'createdTime:asc'], { message: 'must be createdTime:desc or createdTime:asc' }),
  ),
});

/** Stored agentRunIds carry no organization prefix; accept one in the filter. */
function withoutOrganization(agentRunId: string | undefined): string | undefined {
  return agentRunId?.replace(/^[^/]+:organization:[^/]+\//, '');
}

/** `/<kind>s/{id}/runs` (filters agentRunId, status; sort) and `/<kind>s/{id}/runs/{runId}` of a hook or an action. */
function runRoutes<R extends object>(
  app: ZodApp,
  kind: {
    path: string;
    idParam: string;
    idSchema: z.core.$ZodType<string>;
    family: ScopeFamily;
    noun: string;
    owners: Repository<object>;
    runs: Repository<R>;
    listSchema: z.core.$ZodType;
    runSchema: z.core.$ZodType;
    summaries: { list: string; get: string };
  },
) {
  const { idParam, family, owners, runs } = kind;
  const config = { family };
  const idOf = (params: unknown) => (params as Record<string, string>)[idParam];
  app.get(
    `${kind.path}/:${idParam}/runs`,
    {
      schema: {
        summary: kind.summaries.list,
        params: z.object({ [idParam]: kind.idSchema }),
        querystring: runListQuery,
        response: { 200: kind.listSchema },
      },
      config,
    },
    async ({ params, query, auth }) => {
      await owners.require(app.store.db, auth.organizationId, idOf(params));
      const page = await runs.list(app.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        order: query.sort === 'createdTime:asc' ? 'asc' : 'desc',
        where: { [idParam]: idOf(params), agentRunId: withoutOrganization(query.agentRunId), status: query.status },
      });
      return { runs: page.items, nextToken: page.nextToken };
    },
  );
  app.get(
    `${kind.path}/:${idParam}/runs/:runId`,
    {
      schema: {
        summary: kind.summaries.get,
        params: z.object({ [idParam]: kind.idSchema, runId: runIdSchema }),
        response: { 200: kind.runSchema },
      },
      config,
    },
    async ({ params, auth }) => {
      const run = await runs.get(app.store.db, auth.organizationId, params.runId);
      if (!run || (run as Record<string, unknown>)[idParam] !== idOf(params))
        throw notFound(`${kind.noun} run ${idOf(params)}/${params.runId} not found`);
      return run;
    },
  );
}

export const hookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The seed writes a hook run's hookId as `svc:hook:[a-z0-9-_]+` (new hooks get 32 hex): any such id is looked up.
  const hook = { path: '/hooks', idParam: 'hookId', idSchema: hookRefSchema };
  resourceRoutes(app, {
    ...hook,
    family: 'hooks',
    repo: hooksRepo,
    counter: 'numberOfHooksCreated',
    schema: hookSchema,
    listSchema: hookListSchema,
    listKey: 'hooks',
    summaries: {
      create: 'Create a hook (fires when an agent run enters its trigger status)',
      list: 'List hooks',
      get: 'Get a hook',
      update: 'Update a hook',
      delete: 'Delete a hook',
    },
    create: {
      body: createHookBodySchema,
      build: newHook,
    },
    update: { body: updateHookBodySchema },
  });
  runRoutes(app, {
    ...hook,
    family: 'hooks.runs',
    noun: 'Hook',
    owners: hooksRepo,
    runs: hookRunsRepo,
    listSchema: hookRunListSchema,
    runSchema: hookRunSchema,
    summaries: { list: "List a hook's runs (filters agentRunId, status; sort)", get: 'Get a hook run' },
  });
};

export const actionRoutes: FastifyPluginAsyncZod = async (app) => {
  const action = { path: '/actions', idParam: 'actionId', idSchema: actionIdSchema };
  resourceRoutes(app, {
    ...action,
    family: 'actions',
    repo: actionsRepo,
    counter: 'numberOfActionsCreated',
    schema: actionSchema,
    listSchema: actionListSchema,
    listKey: 'actions',
    summaries: {
      create: 'Create an action (runs on export, or when a hook starts it)',
      list: 'List actions',
      get: 'Get an action',
      update: 'Update an action',
      delete: 'Delete an action',
    },
    create: {
      body: createActionBodySchema,
      build: newAction,
    },
    update: { body: updateActionBodySchema },
  });
  runRoutes(app, {
    ...action,
    family: 'actions.runs',
    noun: 'Action',
    owners: actionsRepo,
    runs: actionRunsRepo,
    listSchema: actionRunListSchema,
    runSchema: actionRunSchema,
    summaries: { list: "List an action's runs (filters agentRunId, status; sort)", get: 'Get an action run' },
  });
};

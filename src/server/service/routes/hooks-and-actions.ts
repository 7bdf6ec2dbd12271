/**
 * Hooks and actions (their definitions) and their runs. Runs are created by agent run transitions
 * (../runs/hook-action-runs.ts); clients read them: `/hooks/{id}/runs` and `/actions/{id}/runs`, filterable by
 * `agentRunId` and `status`.
 */
import { z } from 'zod';
import {
  actionIdSchema, actionListSchema, actionRunListSchema, actionRunSchema, actionSchema, agentRunRefSchema,
  createActionBodySchema, createHookBodySchema, hookListSchema, hookRefSchema, hookRunListSchema, hookRunSchema,
  hookSchema, listQuerySchema, newId, runIdSchema, runStatusSchema, updateActionBodySchema, updateHookBodySchema,
  type Action, type Hook,
} from '../../../contract';
import { notFound } from '../http-error';
import { defineRoute } from '../routing/define-route';
import { actionRunsRepo, actionsRepo, hookRunsRepo, hooksRepo } from '../runs/repositories';
import { bumpCounter, createdStamp, updatedStamp } from '../storage';

// The seed writes a hook run's hookId as `svc:hook:[a-z0-9-_]+` (new hooks get 32 hex): any such id is looked up.
const hookParams = z.object({ hookId: hookRefSchema });
const hookRunParams = z.object({ hookId: hookRefSchema, runId: runIdSchema });
const actionParams = z.object({ actionId: actionIdSchema });
const actionRunParams = z.object({ actionId: actionIdSchema, runId: runIdSchema });

const runListQuery = listQuerySchema.extend({
  agentRunId: agentRunRefSchema.optional(),
  status: z.union([runStatusSchema, z.array(runStatusSchema)]).optional(),
  sort: z.enum(['createdTime:desc', 'createdTime:asc'], { message: 'must be createdTime:desc or createdTime:asc' }).optional(),
});

/** Stored agentRunIds carry no organization prefix; accept one in the filter. */
function withoutOrganization(agentRunId: string | undefined): string | undefined {
  return agentRunId?.replace(/^[^/]+:organization:[^/]+\//, '');
}

export const hookRoutes = [
  defineRoute({
    method: 'POST', path: '/hooks', family: 'hooks', summary: 'Create a hook (fires when an agent run enters its trigger status)',
    body: createHookBodySchema,
    response: hookSchema,
    handler: async ({ body, auth, ctx }) => {
      const hook: Hook = {
        hookId: newId('hook'),
        name: body.name ?? null,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        enabled: body.enabled ?? true,
        config: body.config ?? {},
        trigger: body.trigger ?? '*',
        actionId: body.actionId ?? null,
        ...createdStamp(auth.actor),
      };
      await ctx.store.transaction(async (tx) => {
        await bumpCounter(tx, auth.organizationId, 'numberOfHooksCreated', 1);
        await hooksRepo.create(tx, auth.organizationId, hook);
      });
      return hook;
    },
  }),
  defineRoute({
    method: 'GET', path: '/hooks', family: 'hooks', summary: 'List hooks',
    query: listQuerySchema,
    response: hookListSchema,
    handler: async ({ query, auth, ctx }) => {
      const page = await hooksRepo.list(ctx.store.db, auth.organizationId, query);
      return { hooks: page.items, nextToken: page.nextToken };
    },
  }),
  defineRoute({
    method: 'GET', path: '/hooks/:hookId', family: 'hooks', summary: 'Get a hook',
    params: hookParams,
    response: hookSchema,
    handler: async ({ params, auth, ctx }) => hooksRepo.require(ctx.store.db, auth.organizationId, params.hookId),
  }),
  defineRoute({
    method: 'PATCH', path: '/hooks/:hookId', family: 'hooks', summary: 'Update a hook',
    params: hookParams,
    body: updateHookBodySchema,
    response: hookSchema,
    handler: async ({ params, body, auth, ctx }) =>
      hooksRepo.patch(ctx.store.db, auth.organizationId, params.hookId, (current) => ({ ...current, ...body, ...updatedStamp(auth.actor) })),
  }),
  defineRoute({
    method: 'DELETE', path: '/hooks/:hookId', family: 'hooks', summary: 'Delete a hook',
    params: hookParams,
    response: hookSchema,
    handler: async ({ params, auth, ctx }) =>
      ctx.store.transaction(async (tx) => {
        const removed = await hooksRepo.delete(tx, auth.organizationId, params.hookId);
        await bumpCounter(tx, auth.organizationId, 'numberOfHooksCreated', -1);
        return removed;
      }),
  }),
  defineRoute({
    method: 'GET', path: '/hooks/:hookId/runs', family: 'hooks.runs', summary: "List a hook's runs (filters agentRunId, status; sort)",
    params: hookParams,
    query: runListQuery,
    response: hookRunListSchema,
    handler: async ({ params, query, auth, ctx }) => {
      await hooksRepo.require(ctx.store.db, auth.organizationId, params.hookId);
      const page = await hookRunsRepo.list(ctx.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        order: query.sort === 'createdTime:asc' ? 'asc' : 'desc',
        where: { hookId: params.hookId, agentRunId: withoutOrganization(query.agentRunId), status: query.status },
      });
      return { runs: page.items, nextToken: page.nextToken };
    },
  }),
  defineRoute({
    method: 'GET', path: '/hooks/:hookId/runs/:runId', family: 'hooks.runs', summary: 'Get a hook run',
    params: hookRunParams,
    response: hookRunSchema,
    handler: async ({ params, auth, ctx }) => {
      const run = await hookRunsRepo.get(ctx.store.db, auth.organizationId, params.runId);
      if (!run || run.hookId !== params.hookId) throw notFound(`Hook run ${params.hookId}/${params.runId} not found`);
      return run;
    },
  }),
];

export const actionRoutes = [
  defineRoute({
    method: 'POST', path: '/actions', family: 'actions', summary: 'Create an action (runs on export, or when a hook starts it)',
    body: createActionBodySchema,
    response: actionSchema,
    handler: async ({ body, auth, ctx }) => {
      const action: Action = {
        actionId: newId('action'),
        name: body.name ?? null,
        description: body.description ?? null,
        metadata: body.metadata ?? {},
        enabled: body.enabled ?? true,
        config: body.config ?? {},
        ...createdStamp(auth.actor),
      };
      await ctx.store.transaction(async (tx) => {
        await bumpCounter(tx, auth.organizationId, 'numberOfActionsCreated', 1);
        await actionsRepo.create(tx, auth.organizationId, action);
      });
      return action;
    },
  }),
  defineRoute({
    method: 'GET', path: '/actions', family: 'actions', summary: 'List actions',
    query: listQuerySchema,
    response: actionListSchema,
    handler: async ({ query, auth, ctx }) => {
      const page = await actionsRepo.list(ctx.store.db, auth.organizationId, query);
      return { actions: page.items, nextToken: page.nextToken };
    },
  }),
  defineRoute({
    method: 'GET', path: '/actions/:actionId', family: 'actions', summary: 'Get an action',
    params: actionParams,
    response: actionSchema,
    handler: async ({ params, auth, ctx }) => actionsRepo.require(ctx.store.db, auth.organizationId, params.actionId),
  }),
  defineRoute({
    method: 'PATCH', path: '/actions/:actionId', family: 'actions', summary: 'Update an action',
    params: actionParams,
    body: updateActionBodySchema,
    response: actionSchema,
    handler: async ({ params, body, auth, ctx }) =>
      actionsRepo.patch(ctx.store.db, auth.organizationId, params.actionId, (current) => ({ ...current, ...body, ...updatedStamp(auth.actor) })),
  }),
  defineRoute({
    method: 'DELETE', path: '/actions/:actionId', family: 'actions', summary: 'Delete an action',
    params: actionParams,
    response: actionSchema,
    handler: async ({ params, auth, ctx }) =>
      ctx.store.transaction(async (tx) => {
        const removed = await actionsRepo.delete(tx, auth.organizationId, params.actionId);
        await bumpCounter(tx, auth.organizationId, 'numberOfActionsCreated', -1);
        return removed;
      }),
  }),
  defineRoute({
    method: 'GET', path: '/actions/:actionId/runs', family: 'actions.runs', summary: "List an action's runs (filters agentRunId, status; sort)",
    params: actionParams,
    query: runListQuery,
    response: actionRunListSchema,
    handler: async ({ params, query, auth, ctx }) => {
      await actionsRepo.require(ctx.store.db, auth.organizationId, params.actionId);
      const page = await actionRunsRepo.list(ctx.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        order: query.sort === 'createdTime:asc' ? 'asc' : 'desc',
        where: { actionId: params.actionId, agentRunId: withoutOrganization(query.agentRunId), status: query.status },
      });
      return { runs: page.items, nextToken: page.nextToken };
    },
  }),
  defineRoute({
    method: 'GET', path: '/actions/:actionId/runs/:runId', family: 'actions.runs', summary: 'Get an action run',
    params: actionRunParams,
    response: actionRunSchema,
    handler: async ({ params, auth, ctx }) => {
      const run = await actionRunsRepo.get(ctx.store.db, auth.organizationId, params.runId);
      if (!run || run.actionId !== params.actionId) throw notFound(`Action run ${params.actionId}/${params.runId} not found`);
      return run;
    },
  }),
];

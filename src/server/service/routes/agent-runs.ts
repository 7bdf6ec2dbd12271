/**
 * Agent runs. POST creates a run and predicts synchronously (→ ready-for-review or succeeded-predictions, or error);
 * the run's validation task drives the review states; POST …/export moves a reviewed or auto-validated run through
 * pending-export and exported to completed; PATCH accepts only `{"status":"archived"}`, from any state.
 */
import { z } from 'zod';
import {
  agentIdSchema, agentRunListQuerySchema, agentRunListSchema, agentRunSchema, createAgentRunBodySchema,
  exportAgentRunBodySchema, listQuerySchema, runIdSchema, runVariablesSchema, updateAgentRunBodySchema,
} from '../../../contract';
import type { ServiceContext } from '../context';
import { notFound } from '../http-error';
import { defineRoute } from '../routing/define-route';
import { archiveAgentRun, createAgentRun, exportAgentRun } from '../runs/agent-run-engine';
import { agentRunResponse, agentRunsRepo, agentsRepo, type StoredAgentRun } from '../runs/repositories';
import type { Executor } from '../storage';
import { runScope } from './run-scope';

const agentParams = z.object({ agentId: agentIdSchema });
const params = z.object({ agentId: agentIdSchema, runId: runIdSchema });

const respond = (ctx: ServiceContext, run: StoredAgentRun) => agentRunResponse(ctx.urls.publicBaseUrl, run);

async function requireRun(db: Executor, organizationId: string, agentId: string, runId: string): Promise<StoredAgentRun> {
  const run = await agentRunsRepo.get(db, organizationId, runId);
  if (!run || run.agentId !== agentId) throw notFound(`Agent run ${agentId}/${runId} not found`);
  return run;
}

export const agentRunRoutes = [
  defineRoute({
    method: 'POST', path: '/agents/:agentId/runs', family: 'agents.runs',
    summary: 'Start an agent run on a document (documentId or a document id in resourceIds); predicts at once',
    params: agentParams,
    body: createAgentRunBodySchema,
    response: agentRunSchema,
    handler: async ({ params, body, auth, ctx }) =>
      respond(ctx, await ctx.store.transaction((tx) => createAgentRun(tx, runScope(auth, ctx), params.agentId, body))),
  }),

  defineRoute({
    method: 'GET', path: '/agents/:agentId/runs', family: 'agents.runs',
    summary: "List an agent's runs (status repeatable, sort=createdTime:desc|asc, createdTimeAfter/Before)",
    params: agentParams,
    query: listQuerySchema.extend(agentRunListQuerySchema.shape),
    response: agentRunListSchema,
    handler: async ({ params, query, auth, ctx }) => {
      await agentsRepo.require(ctx.store.db, auth.organizationId, params.agentId);
      const page = await agentRunsRepo.list(ctx.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        order: query.sort === 'createdTime:asc' ? 'asc' : 'desc',
        where: { agentId: params.agentId, status: query.status },
        createdTimeAfter: query.createdTimeAfter,
        createdTimeBefore: query.createdTimeBefore,
      });
      return { runs: page.items.map((run) => respond(ctx, run)), nextToken: page.nextToken };
    },
  }),

  defineRoute({
    method: 'GET', path: '/agents/:agentId/runs/:runId', family: 'agents.runs', summary: 'Get an agent run',
    params,
    response: agentRunSchema,
    handler: async ({ params, auth, ctx }) => respond(ctx, await requireRun(ctx.store.db, auth.organizationId, params.agentId, params.runId)),
  }),

  defineRoute({
    method: 'PATCH', path: '/agents/:agentId/runs/:runId', family: 'agents.runs', summary: 'Archive an agent run (status archived only, from any state)',
    params,
    body: updateAgentRunBodySchema,
    response: agentRunSchema,
    handler: async ({ params, auth, ctx }) =>
      respond(ctx, await ctx.store.transaction((tx) => archiveAgentRun(tx, runScope(auth, ctx), params.agentId, params.runId))),
  }),

  defineRoute({
    method: 'DELETE', path: '/agents/:agentId/runs/:runId', family: 'agents.runs', summary: 'Delete an agent run',
    params,
    response: agentRunSchema,
    handler: async ({ params, auth, ctx }) =>
      respond(
        ctx,
        await ctx.store.transaction(async (tx) => {
          await requireRun(tx, auth.organizationId, params.agentId, params.runId);
          return agentRunsRepo.delete(tx, auth.organizationId, params.runId);
        }),
      ),
  }),

  defineRoute({
    method: 'POST', path: '/agents/:agentId/runs/:runId/export', family: 'agents.runs',
    summary: 'Export a run: succeeded-predictions | review-completed → pending-export → exported → completed (or error when an action fails)',
    params,
    body: exportAgentRunBodySchema.optional(),
    response: agentRunSchema,
    handler: async ({ params, auth, ctx }) =>
      respond(ctx, await ctx.store.transaction((tx) => exportAgentRun(tx, runScope(auth, ctx), params.agentId, params.runId))),
  }),

  defineRoute({
    method: 'GET', path: '/agents/:agentId/runs/:runId/variables', family: 'agents.runs', summary: "The run's variables (its variablesFileUrl)",
    params,
    response: runVariablesSchema,
    handler: async ({ params, auth, ctx }) => {
      const run = await requireRun(ctx.store.db, auth.organizationId, params.agentId, params.runId);
      const { internal } = run;
      return {
        ...internal.variables,
        agentRunId: run.id,
        documentId: internal.documentId,
        modelId: internal.modelId,
        validationId: internal.validationId,
        validationTaskId: internal.taskId,
        predictions: internal.predictions,
        review: internal.review,
      };
    },
  }),
];

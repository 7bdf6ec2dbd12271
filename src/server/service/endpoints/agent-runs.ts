/**
 * Agent runs. POST creates a run and predicts synchronously (→ ready-for-review or succeeded-predictions, or error);
 * the run's validation task drives the review states; POST …/export moves a reviewed or auto-validated run through
 * pending-export and exported to completed; PATCH accepts only `{"status":"archived"}`, from any state.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  AGENT_RUN_STATUSES,
  agentIdSchema,
  agentRunCountsQuerySchema,
  agentRunCountsSchema,
  type AgentRunCountsQuery,
  agentRunListQuerySchema,
  agentRunListSchema,
  agentRunSchema,
  createAgentRunBodySchema,
  exportAgentRunBodySchema,
  listQuerySchema,
  runIdSchema,
  runVariablesSchema,
  updateAgentRunBodySchema,
} from '@/contract';
import { notFound } from '@/server/service/http-error';
import { archiveAgentRun, createAgentRun, exportAgentRun } from '@/server/service/runs/agent-run-engine';
import {
  agentRunFilters,
  agentRunResponse,
  agentRunsRepo,
  countAgentRunsByStatus,
  type StoredAgentRun,
} from '@/server/service/storage/repositories/agent-runs';
import { agentsRepo } from '@/server/service/storage/repositories/agents';
import type { Executor } from '@/server/service/storage';
import type { ZodApp } from './resource-routes';
import { runScope } from './run-scope';
import { withIdempotency } from '@/server/service/plugins/idempotency';

const agentParams = z.object({ agentId: agentIdSchema });
const params = z.object({ agentId: agentIdSchema, runId: runIdSchema });
const response = { 200: agentRunSchema };
const config = { family: 'agents.runs' } as const;

async function requireRun(
  db: Executor,
  organizationId: string,
  agentId: string,
  runId: string,
): Promise<StoredAgentRun> {
  const run = await agentRunsRepo.get(db, organizationId, runId);
  if (!run || run.agentId !== agentId) throw notFound(`Agent run ${agentId}/${runId} not found`);
  return run;
}

export const agentRunRoutes: FastifyPluginAsyncZod = async (app) => {
  startAgentRunRoute(app);
  agentRunListRoute(app);
  agentRunCountsRoute(app);
  oneAgentRunRoutes(app);
};

/** What a client sees of a stored run: its URLs built from the service's public URL. */
function responder(app: ZodApp) {
  return (run: StoredAgentRun) => agentRunResponse(app.serviceUrls.publicBaseUrl, run);
}

/** The list's and the counts' filters (they agree: a count is of the very list). */
function where(agentId: string, query: AgentRunCountsQuery) {
  return {
    agentId,
    status: query.status,
    outcome: query.outcome,
    ...agentRunFilters(query),
  };
}

/** `POST /agents/:agentId/runs`: start a run on a document. */
function startAgentRunRoute(app: ZodApp) {
  const respond = responder(app);
  app.post(
    '/agents/:agentId/runs',
    {
      schema: {
        summary: 'Start an agent run on a document (documentId or a document id in resourceIds); predicts at once',
        params: agentParams,
        body: createAgentRunBodySchema,
        response,
      },
      config,
    },
    async (request) =>
      respond(
        await withIdempotency(request, (tx) =>
          createAgentRun(tx, runScope(request), request.params.agentId, request.body),
        ),
      ),
  );
}

/** `GET /agents/:agentId/runs`: one page of an agent's runs, filtered. */
function agentRunListRoute(app: ZodApp) {
  const respond = responder(app);
  app.get(
    '/agents/:agentId/runs',
    {
      schema: {
        summary:
          "List an agent's runs (status repeatable, sort=createdTime:desc|asc, createdTimeAfter/Before; extensions, docs/insights.md: outcome, predictionLabel, predictionChanged, predictionConfidence, lowestConfidence)",
        params: agentParams,
        querystring: z.object({ ...listQuerySchema.shape, ...agentRunListQuerySchema.shape }),
        response: { 200: agentRunListSchema },
      },
      config,
    },
    async ({ params, query, auth }) => {
      await agentsRepo.require(app.store.db, auth.organizationId, params.agentId);
      const page = await agentRunsRepo.list(app.store.db, auth.organizationId, {
        maxResults: query.maxResults,
        nextToken: query.nextToken,
        order: query.sort === 'createdTime:asc' ? 'asc' : 'desc',
        where: where(params.agentId, query),
        createdTimeAfter: query.createdTimeAfter,
        createdTimeBefore: query.createdTimeBefore,
      });
      return { runs: page.items.map(respond), nextToken: page.nextToken };
    },
  );
}

/** `GET /agents/:agentId/runs/counts`: an agent's runs per status, under the list's filters. */
function agentRunCountsRoute(app: ZodApp) {
  app.get(
    '/agents/:agentId/runs/counts',
    {
      schema: {
        summary:
          "Count an agent's runs per status (extension; the runs list's filters: status, createdTimeAfter/Before, outcome, predictionLabel, predictionChanged, predictionConfidence, lowestConfidence)",
        params: agentParams,
        querystring: agentRunCountsQuerySchema,
        response: { 200: agentRunCountsSchema },
      },
      config,
    },
    async ({ params, query, auth }) => {
      await agentsRepo.require(app.store.db, auth.organizationId, params.agentId);
      const { status: _status, ...narrowing } = query;
      const filtered = Object.values(narrowing).some((value) => value !== undefined);
      // Without a time window or another filter than status the kept counts answer (eleven rows); otherwise the runs
      // are counted over the index.
      const found = filtered
        ? await agentRunsRepo.countBy(app.store.db, auth.organizationId, 'status', {
            where: where(params.agentId, query),
            createdTimeAfter: query.createdTimeAfter,
            createdTimeBefore: query.createdTimeBefore,
          })
        : await countAgentRunsByStatus(app.store.db, auth.organizationId, params.agentId);
      const wanted = query.status === undefined ? AGENT_RUN_STATUSES : [query.status].flat();
      return {
        counts: Object.fromEntries(
          AGENT_RUN_STATUSES.map((status) => [status, wanted.includes(status) ? (found[status] ?? 0) : 0]),
        ),
      };
    },
  );
}

/** `/agents/:agentId/runs/:runId`: get, archive, delete, export, and its variables. */
function oneAgentRunRoutes(app: ZodApp) {
  const respond = responder(app);
  app.get(
    '/agents/:agentId/runs/:runId',
    { schema: { summary: 'Get an agent run', params, response }, config },
    async ({ params, auth }) =>
      respond(await requireRun(app.store.db, auth.organizationId, params.agentId, params.runId)),
  );

  app.patch(
    '/agents/:agentId/runs/:runId',
    {
      schema: {
        summary: 'Archive an agent run (status archived only, from any state)',
        params,
        body: updateAgentRunBodySchema,
        response,
      },
      config,
    },
    async (request) =>
      // Its own transactions: one statement reads, one writes (agent-run-engine.ts).
      respond(await archiveAgentRun(app.store.db, runScope(request), request.params.agentId, request.params.runId)),
  );

  app.delete(
    '/agents/:agentId/runs/:runId',
    { schema: { summary: 'Delete an agent run', params, response }, config },
    async ({ params, auth }) =>
      respond(
        await app.store.transaction(async (tx) => {
          await requireRun(tx, auth.organizationId, params.agentId, params.runId);
          return agentRunsRepo.delete(tx, auth.organizationId, params.runId);
        }),
      ),
  );

  app.post(
    '/agents/:agentId/runs/:runId/export',
    {
      schema: {
        summary:
          'Export a run: succeeded-predictions | review-completed → pending-export → exported → completed (or error when an action fails)',
        params,
        body: z.optional(exportAgentRunBodySchema),
        response,
      },
      config,
    },
    async (request) =>
      respond(
        await withIdempotency(request, (tx) =>
          exportAgentRun(tx, runScope(request), request.params.agentId, request.params.runId),
        ),
      ),
  );

  app.get(
    '/agents/:agentId/runs/:runId/variables',
    {
      schema: { summary: "The run's variables (its variablesFileUrl)", params, response: { 200: runVariablesSchema } },
      config,
    },
    async ({ params, auth }) => {
      const run = await requireRun(app.store.db, auth.organizationId, params.agentId, params.runId);
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
  );
}

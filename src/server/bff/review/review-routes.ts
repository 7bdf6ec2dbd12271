/**
 * Review holds (the access hook has checked the session, X-CSRF on writes, and `read` / `review` by method):
 *
 *   GET    /bff/review/holds?agentId=          the agent's holds (expired ones given back first) and the hold rules
 *   POST   /bff/review/next                    take the oldest waiting run nobody holds
 *   POST   /bff/review/holds                   take one named run
 *   POST   /bff/review/holds/:runId/keep-alive the holder's tab is in use
 *   DELETE /bff/review/holds/:runId            end a hold: one's own, or anyone's with `manageReviewHolds`
 *   POST   /bff/review/holds/:runId/take-over  make another's hold one's own (`manageReviewHolds`)
 *   GET    /bff/review/team?agentId=&after=&before=  per reviewer: runs confirmed and rejected, time in review, corrections
 *   GET    /bff/review/settings                the organization's review settings (how long a run may wait)
 *   PUT    /bff/review/settings                change them (`manageReviewSettings`)
 *
 * An operator limited to named agents reaches only their runs here, as through `/api`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@/contract/errors';
import { reachesAgent, roleMay } from '@/contract/operator-capabilities';
import {
  endedReviewHoldSchema,
  nextReviewBodySchema,
  nextReviewSchema,
  reviewHoldListQuerySchema,
  reviewHoldListSchema,
  reviewHoldParamsSchema,
  reviewHoldSchema,
  reviewRefusalSchema,
  takeReviewBodySchema,
} from '@/contract/review-holds';
import {
  DEFAULT_MAX_WAIT_MINUTES,
  reviewSettingsBodySchema,
  reviewSettingsSchema,
  reviewTeamQuerySchema,
  reviewTeamSchema,
} from '@/contract/review-team';
import { agentLimitMessage, forbiddenMessage } from '@/server/bff/security/capability-refusals';
import type { SessionOwner } from '@/server/bff/sessions/session-store';
import { ReviewDesk, type ReviewActor } from './review-desk';
import { ReviewServiceCalls, ReviewServiceError } from './review-service-calls';
import { teamFigures } from './review-team';
import type { ZodApp } from '@/server/shared/zod-app';

declare module 'fastify' {
  interface FastifyInstance {
    reviewDesk: ReviewDesk;
  }
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

function refuse(reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send({ message });
}

const isoOf = (ms: number) => new Date(ms).toISOString();

function actorOf(request: FastifyRequest): ReviewActor {
  const operator = request.operator!;
  return { accountId: operator.accountId, name: operator.name, requestId: request.id, ...request.operatorAtProvider };
}

function limited(reply: FastifyReply, operator: SessionOwner): FastifyReply {
  return refuse(reply, 403, agentLimitMessage(operator));
}

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const desk = startReviewDesk(app);

  /** The service's refusal or failure as the console's answer: its status (502 when it gave none) and message. */
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ReviewServiceError) {
      const status = error.status >= 400 && error.status < 600 ? error.status : 502;
      return refuse(reply, status, error.message);
    }
    throw error;
  });

  takingRoutes(app, desk);
  heldRunRoutes(app, desk);
  teamRoutes(app, desk);
};

/** The desk, decorated as `reviewDesk`, with a sweep that gives expired holds back until the server closes. */
function startReviewDesk(app: ZodApp): ReviewDesk {
  const desk = new ReviewDesk(app.reviewHolds, new ReviewServiceCalls(app.upstream), app.auditLog, {
    holdMs: app.bffConfig.reviewHoldMs,
    now: app.bffConfig.now ?? Date.now,
    onError: (message, error) => app.log.error({ err: (error as Error).message }, message),
    outcomes: app.reviewOutcomes,
  });
  app.decorate('reviewDesk', desk);

  // Every instance looks for expired holds; the store lets exactly one give each back.
  const sweepEveryMs = Math.max(1_000, Math.min(30_000, Math.floor(desk.holdMs / 4)));
  const sweeper = setInterval(() => {
    desk.expireHolds().catch((error) => app.log.error({ err: (error as Error).message }, 'review hold sweep failed'));
  }, sweepEveryMs);
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  return desk;
}

/** An agent's holds, and taking a run: the next waiting one, or one named. */
function takingRoutes(app: ZodApp, desk: ReviewDesk) {
  app.get(
    '/bff/review/holds',
    { schema: { querystring: reviewHoldListQuerySchema, response: { 200: reviewHoldListSchema, ...errors } } },
    async (request, reply) => {
      const operator = request.operator!;
      if (!reachesAgent(operator, request.query.agentId)) return limited(reply, operator);
      const listedAt = new Date(desk.now()).toISOString();
      const { holds, untracked } = await desk.list(request.query.agentId, request.id);
      return {
        listedAt,
        holds: holds.map((hold) => desk.view(hold, operator)),
        untracked,
        holdMs: desk.holdMs,
        keepAliveMs: desk.keepAliveMs,
      };
    },
  );

  app.post(
    '/bff/review/next',
    { schema: { body: nextReviewBodySchema, response: { 200: nextReviewSchema, ...errors } } },
    async (request, reply) => {
      const operator = request.operator!;
      if (!reachesAgent(operator, request.body.agentId)) return limited(reply, operator);
      const next = await desk.next(request.body.agentId, new Set(request.body.skip ?? []), actorOf(request));
      return { hold: next.hold ? desk.view(next.hold, operator) : null, untasked: next.untasked };
    },
  );

  app.post(
    '/bff/review/holds',
    {
      schema: {
        body: takeReviewBodySchema,
        response: { 200: reviewHoldSchema, 409: reviewRefusalSchema, ...errors },
      },
    },
    async (request, reply) => {
      const operator = request.operator!;
      if (!reachesAgent(operator, request.body.agentId)) return limited(reply, operator);
      const taken = await desk.take(request.body.agentId, request.body.runId, actorOf(request));
      if ('refusal' in taken) return reply.code(409).send(taken.refusal);
      return desk.view(taken.hold, operator);
    },
  );
}

/** One held run: keep it, end it, take it over. */
function heldRunRoutes(app: ZodApp, desk: ReviewDesk) {
  app.post(
    '/bff/review/holds/:runId/keep-alive',
    { schema: { params: reviewHoldParamsSchema, response: { 200: reviewHoldSchema, ...errors } } },
    async (request, reply) => {
      const kept = await desk.keepAlive(request.params.runId, actorOf(request));
      if (!kept) return refuse(reply, 404, 'You no longer hold this run: it went back to the queue or was taken over');
      return desk.view(kept, request.operator!);
    },
  );

  app.delete(
    '/bff/review/holds/:runId',
    { schema: { params: reviewHoldParamsSchema, response: { 200: endedReviewHoldSchema, ...errors } } },
    async (request, reply) => {
      const operator = request.operator!;
      const hold = await desk.get(request.params.runId);
      if (!hold || !reachesAgent(operator, hold.agentId)) return refuse(reply, 404, 'Nobody holds this run');
      const own = hold.holderAccountId === operator.accountId;
      if (!own && !roleMay(operator.role, 'manageReviewHolds')) {
        return refuse(reply, 403, forbiddenMessage(operator, 'manageReviewHolds', "releasing another reviewer's hold"));
      }
      const ended = await desk.end(request.params.runId, actorOf(request));
      if (!ended) return refuse(reply, 404, 'Nobody holds this run');
      if (!own) await desk.recordRelease(actorOf(request), ended.hold);
      return { hold: desk.view(ended.hold, operator), returned: ended.returned };
    },
  );

  app.post(
    '/bff/review/holds/:runId/take-over',
    { schema: { params: reviewHoldParamsSchema, response: { 200: reviewHoldSchema, ...errors } } },
    async (request, reply) => {
      const operator = request.operator!;
      if (!roleMay(operator.role, 'manageReviewHolds')) {
        return refuse(reply, 403, forbiddenMessage(operator, 'manageReviewHolds', 'taking a run over'));
      }
      const hold = await desk.takeOver(request.params.runId, actorOf(request));
      if (!hold) return refuse(reply, 404, 'Nobody holds this run');
      return desk.view(hold, operator);
    },
  );
}

/** The team in Insights: per-reviewer figures, and the organization's review settings (issue 36). */
function teamRoutes(app: ZodApp, desk: ReviewDesk) {
  app.get(
    '/bff/review/team',
    { schema: { querystring: reviewTeamQuerySchema, response: { 200: reviewTeamSchema, ...errors } } },
    async (request, reply) => {
      const operator = request.operator!;
      const { agentId, after, before } = request.query;
      if (agentId !== undefined && !reachesAgent(operator, agentId))
        return refuse(reply, 403, agentLimitMessage(operator));
      const outcomes = await app.reviewOutcomes.list({
        agentIds: agentId !== undefined ? [agentId] : (operator.agents ?? undefined),
        after: after === undefined ? undefined : Date.parse(after),
        before: before === undefined ? undefined : Date.parse(before),
      });
      return { reviewers: teamFigures(outcomes) };
    },
  );

  app.get('/bff/review/settings', { schema: { response: { 200: reviewSettingsSchema, ...errors } } }, async () => {
    const stored = await app.reviewSettings.get();
    return {
      maxWaitMinutes: stored?.maxWaitMinutes ?? DEFAULT_MAX_WAIT_MINUTES,
      updatedBy: stored?.updatedBy ?? null,
      updatedTime: stored ? isoOf(stored.updatedAt) : null,
    };
  });

  // The access rules let only `manageReviewSettings` (admins) through; the change is in the audit log.
  app.put(
    '/bff/review/settings',
    { schema: { body: reviewSettingsBodySchema, response: { 200: reviewSettingsSchema, ...errors } } },
    async (request) => {
      const actor = actorOf(request);
      const settings = { maxWaitMinutes: request.body.maxWaitMinutes, updatedBy: actor.name, updatedAt: desk.now() };
      await app.reviewSettings.set(settings);
      const { name: operator, requestId } = actor;
      const provider = request.operatorAtProvider ?? {};
      const path = `/bff/review/settings?maxWaitMinutes=${settings.maxWaitMinutes}`;
      await app.auditLog.append({ operator, method: 'PUT', path, requestId, ...provider, status: 200 });
      return { maxWaitMinutes: settings.maxWaitMinutes, updatedBy: actor.name, updatedTime: isoOf(settings.updatedAt) };
    },
  );
}

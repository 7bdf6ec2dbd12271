/**
 * GET /agents/{agentId}/insights and GET /insights/agents (extensions, docs/insights.md): an agent's outcomes, review
 * queue, review durations and prediction changes over a window, and every agent's outcomes, computed in the database.
 * Scope `agents.runs` read, like the runs list; the
 * agent must be in the caller's organization (404 otherwise).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  CONFIDENCE_BUCKET_WIDTH,
  INSIGHT_OUTCOMES,
  MAX_INSIGHT_BUCKETS,
  MAX_INSIGHT_WINDOW_DAYS,
  agentIdSchema,
  agentInsightsQuerySchema,
  agentInsightsSchema,
  insightsOverviewQuerySchema,
  insightsOverviewSchema,
  type AgentInsights,
  type InsightBucket,
} from '@/contract';
import { badRequest } from '@/server/service/http-error';
import { toIsoTimestamp } from '@/server/service/storage';
import {
  readAgentInsights,
  readInsightsOverview,
  type InsightRows,
} from '@/server/service/storage/repositories/agent-insights';
import { agentsRepo } from '@/server/service/storage/repositories/agents';

const BUCKET_MS: Record<InsightBucket, number> = { hour: 3_600_000, day: 86_400_000 };
const DAY_MS = BUCKET_MS.day;

/** The window's bucket starts (UTC): from's bucket up to the last bucket before `to`. */
function bucketStarts(from: Date, to: Date, bucket: InsightBucket): string[] {
  const size = BUCKET_MS[bucket];
  const starts: string[] = [];
  for (let t = Math.floor(from.getTime() / size) * size; t < to.getTime(); t += size) {
    starts.push(new Date(t).toISOString().replace('.000Z', 'Z'));
  }
  return starts;
}

/** Lays the database's aggregates over every bucket of the window, with zeros where nothing happened. */
function shapeInsights(rows: InsightRows, window: { from: Date; to: Date; bucket: InsightBucket }): AgentInsights {
  const starts = bucketStarts(window.from, window.to, window.bucket);
  const outcomeCounts = new Map<string, number>(rows.outcomes.map((o) => [`${o.bucket} ${o.outcome}`, o.n]));
  const moves = new Map(rows.queueMoves.map((m) => [m.bucket, m.delta]));
  let queued = 0;
  const round = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);
  const duration = (d: InsightRows['durations']['inReview']) => ({
    runs: d.runs,
    medianSeconds: round(d.median),
    p90Seconds: round(d.p90),
  });
  return {
    from: window.from.toISOString(),
    to: window.to.toISOString(),
    bucket: window.bucket,
    runs: starts.map((start) => ({
      start,
      ...(Object.fromEntries(
        INSIGHT_OUTCOMES.map((outcome) => [outcome, outcomeCounts.get(`${start} ${outcome}`) ?? 0]),
      ) as Record<(typeof INSIGHT_OUTCOMES)[number], number>),
    })),
    queue: starts.map((start) => {
      queued += moves.get(start) ?? 0;
      return { start, queued };
    }),
    durations: { waitForReview: duration(rows.durations.waitForReview), inReview: duration(rows.durations.inReview) },
    fields: rows.fields.map((f) => ({
      label: f.label,
      predictions: f.predictions,
      changed: f.changed,
      meanConfidence: round(f.mean),
      meanConfidenceChanged: round(f.meanChanged),
    })),
    confidence: rows.confidence.map((c) => ({
      from: round(c.bucket * CONFIDENCE_BUCKET_WIDTH)!,
      to: round((c.bucket + 1) * CONFIDENCE_BUCKET_WIDTH)!,
      predictions: c.predictions,
      changed: c.changed,
      runs: c.runs,
    })),
  };
}

/** The window of a request, refused (400) when backwards, longer than a year or of too many buckets. */
function insightWindow(query: { from: string; to: string; bucket?: InsightBucket }) {
  const from = new Date(toIsoTimestamp(query.from));
  const to = new Date(toIsoTimestamp(query.to));
  const bucket = query.bucket ?? 'day';
  if (!(from < to)) throw badRequest('from must be before to');
  if (to.getTime() - from.getTime() > MAX_INSIGHT_WINDOW_DAYS * DAY_MS) {
    throw badRequest(`the window may span at most ${MAX_INSIGHT_WINDOW_DAYS} days`);
  }
  if ((to.getTime() - from.getTime()) / BUCKET_MS[bucket] > MAX_INSIGHT_BUCKETS) {
    throw badRequest(`the window holds more than ${MAX_INSIGHT_BUCKETS} buckets of one ${bucket}`);
  }
  return { from, to, bucket };
}

const config = { family: 'agents.runs' } as const;

export const agentInsightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/agents/:agentId/insights',
    {
      schema: {
        summary:
          "An agent's outcomes, review queue and durations, and prediction changes over [from, to) (extension; bucket=hour|day)",
        params: z.object({ agentId: agentIdSchema }),
        querystring: agentInsightsQuerySchema,
        response: { 200: agentInsightsSchema },
      },
      config,
    },
    async ({ params, query, auth }) => {
      const { from, to, bucket } = insightWindow(query);
      await agentsRepo.require(app.store.db, auth.organizationId, params.agentId);
      const rows = await readAgentInsights(app.store.db, {
        organizationId: auth.organizationId,
        agentId: params.agentId,
        from: from.toISOString(),
        to: to.toISOString(),
        bucket,
      });
      return shapeInsights(rows, { from, to, bucket });
    },
  );

  app.get(
    '/insights/agents',
    {
      schema: {
        summary: "Every agent's runs created in [from, to) by outcome, and how many are queued for review (extension)",
        querystring: insightsOverviewQuerySchema,
        response: { 200: insightsOverviewSchema },
      },
      config,
    },
    async ({ query, auth }) => {
      const { from, to } = insightWindow(query);
      const agents = await readInsightsOverview(app.store.db, {
        organizationId: auth.organizationId,
        from: from.toISOString(),
        to: to.toISOString(),
      });
      return { from: from.toISOString(), to: to.toISOString(), agents };
    },
  );
};

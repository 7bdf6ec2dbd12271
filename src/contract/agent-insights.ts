/**
 * `GET /agents/{agentId}/insights`: how an agent is doing over a window — an extension of the embedded service
 * (docs/insights.md). Every figure counts the agent's runs created in [from, to): outcomes per bucket, the review
 * queue, review durations, and, from the runs a review confirmed, how often each predicted value was changed, by field
 * and by confidence.
 */
import { z } from 'zod/mini';
import { agentIdSchema } from './ids';
import { keySchema, timestampSchema } from './primitives';

export const INSIGHT_BUCKETS = ['hour', 'day'] as const;
export type InsightBucket = (typeof INSIGHT_BUCKETS)[number];

/**
 * What became of a run, from its events: archived and error by status; otherwise reviewed (a review completed),
 * straight through (predictions auto-validated), or still in progress.
 */
export const INSIGHT_OUTCOMES = ['straightThrough', 'reviewed', 'error', 'archived', 'inProgress'] as const;
export type InsightOutcome = (typeof INSIGHT_OUTCOMES)[number];

/** Width of a confidence bucket: [0, 0.1), [0.1, 0.2) … [0.9, 1]. */
export const CONFIDENCE_BUCKET_WIDTH = 0.1;
/** The longest window one request may ask for, and the most buckets it may produce. */
export const MAX_INSIGHT_WINDOW_DAYS = 366;
export const MAX_INSIGHT_BUCKETS = 24 * 92;

export const agentInsightsQuerySchema = z.object({
  from: timestampSchema,
  to: timestampSchema,
  bucket: z.optional(z.enum(INSIGHT_BUCKETS, { message: 'must be hour or day' })),
});
export type AgentInsightsQuery = z.infer<typeof agentInsightsQuerySchema>;

const countSchema = z.number().check(z.int(), z.nonnegative());
/** An ISO instant the service wrote (`2026-11-26T00:00:00.000Z`). */
const isoTime = timestampSchema;

const durationSchema = z.object({
  /** How many runs the figures are of. */
  runs: countSchema,
  medianSeconds: z.nullable(z.number()),
  p90Seconds: z.nullable(z.number()),
});

export const agentInsightsSchema = z.object({
  from: isoTime,
  to: isoTime,
  bucket: z.enum(INSIGHT_BUCKETS),
  /** One entry per bucket of the window (UTC), empty buckets included; `start` is the bucket's first instant. */
  runs: z.array(
    z.object({
      start: isoTime,
      straightThrough: countSchema,
      reviewed: countSchema,
      error: countSchema,
      archived: countSchema,
      inProgress: countSchema,
    }),
  ),
  /** Runs waiting for or in review at the end of each bucket (of the runs created in the window). */
  queue: z.array(z.object({ start: isoTime, queued: countSchema })),
  /** First review request → first review start; last review start → review completed. */
  durations: z.object({ waitForReview: durationSchema, inReview: durationSchema }),
  /** Per field, over the predictions of reviewed runs: how many the review changed, and their mean confidence. */
  fields: z.array(
    z.object({
      label: keySchema,
      predictions: countSchema,
      changed: countSchema,
      meanConfidence: z.nullable(z.number()),
      meanConfidenceChanged: z.nullable(z.number()),
    }),
  ),
  /**
   * One entry per confidence bucket: predictions of reviewed runs in it and how many of them the review changed
   * (calibration: 1 − changed/predictions is the share confirmed unchanged), and runs whose lowest confidence falls
   * in it (a threshold t sends to review every run whose lowest confidence is below t).
   */
  confidence: z.array(
    z.object({
      from: z.number(),
      to: z.number(),
      predictions: countSchema,
      changed: countSchema,
      runs: countSchema,
    }),
  ),
});
export type AgentInsights = z.infer<typeof agentInsightsSchema>;

/** `GET /insights/agents`: every agent's runs created in [from, to) by outcome, and how many of them are queued now. */
export const insightsOverviewQuerySchema = z.pick(agentInsightsQuerySchema, { from: true, to: true });

export const insightsOverviewSchema = z.object({
  from: isoTime,
  to: isoTime,
  agents: z.array(
    z.object({
      agentId: agentIdSchema,
      straightThrough: countSchema,
      reviewed: countSchema,
      error: countSchema,
      archived: countSchema,
      inProgress: countSchema,
      /** Waiting for or in review now. */
      queued: countSchema,
    }),
  ),
});
export type InsightsOverview = z.infer<typeof insightsOverviewSchema>;

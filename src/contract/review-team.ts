/**
 * The team in Insights (issue 36), as the BFF serves it (`/bff/review/…`): per reviewer, what their finished review
 * holds came to over a window (runs confirmed and rejected, time in review, corrections per confirmed run), and the
 * organization's limit on how long a run may wait for review. The BFF records one review outcome per hold that ended
 * with its task finished; the service cannot tell reviewers apart (every operator uses the console's app client).
 */
import { z } from 'zod/mini';
import { agentIdSchema } from './ids';
import { stringSchema, timestampSchema } from './primitives';

/** `GET /bff/review/team?agentId=&after=&before=`: one agent's team (every agent the operator reaches without one). */
export const reviewTeamQuerySchema = z.object({
  agentId: z.optional(agentIdSchema),
  /** Holds that ended at or after this time… */
  after: z.optional(timestampSchema),
  /** …and before this one. */
  before: z.optional(timestampSchema),
});
export type ReviewTeamQuery = z.infer<typeof reviewTeamQuerySchema>;

export const reviewerFiguresSchema = z.object({
  /** The operator's name as they signed in (their newest, when it changed). */
  reviewer: stringSchema(),
  /** Runs they confirmed (their task succeeded). */
  reviewed: z.number(),
  /** Runs they rejected (their task failed). */
  rejected: z.number(),
  /** Time in review, from taking the run to finishing it: median and 90th percentile (null without reviews). */
  medianMs: z.nullable(z.number()),
  p90Ms: z.nullable(z.number()),
  /** Fields whose confirmed value differs from the prediction, per confirmed run (null without confirmed runs). */
  correctionsPerRun: z.nullable(z.number()),
});
export type ReviewerFigures = z.infer<typeof reviewerFiguresSchema>;

/** The window's figures, one row per reviewer, most runs first. */
export const reviewTeamSchema = z.object({ reviewers: z.array(reviewerFiguresSchema) });
export type ReviewTeam = z.infer<typeof reviewTeamSchema>;

/** How long a run may wait for review before the console marks it, in whole minutes: a minute to a week. */
export const MIN_MAX_WAIT_MINUTES = 1;
export const MAX_MAX_WAIT_MINUTES = 10_080;
export const DEFAULT_MAX_WAIT_MINUTES = 240;
export const MAX_WAIT_RULE = `must be a whole number of minutes from ${MIN_MAX_WAIT_MINUTES} to ${MAX_MAX_WAIT_MINUTES}`;

export const maxWaitMinutesSchema = z
  .int({ message: MAX_WAIT_RULE })
  .check(
    z.gte(MIN_MAX_WAIT_MINUTES, { message: MAX_WAIT_RULE }),
    z.lte(MAX_MAX_WAIT_MINUTES, { message: MAX_WAIT_RULE }),
  );

/** `PUT /bff/review/settings` (admins): the organization's review settings. */
export const reviewSettingsBodySchema = z.strictObject({ maxWaitMinutes: maxWaitMinutesSchema });
export type ReviewSettingsBody = z.infer<typeof reviewSettingsBodySchema>;

/** `GET /bff/review/settings`: the settings, and who last changed them when (null: the defaults). */
export const reviewSettingsSchema = z.object({
  maxWaitMinutes: z.number(),
  updatedBy: z.nullable(stringSchema()),
  updatedTime: z.nullable(stringSchema()),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

/**
 * Review holds as the BFF serves them (`/bff/review/…`, not a resource of the service): which operator holds which
 * agent run for review, since when, and until when it is kept without a sign of life. Every operator reaches the
 * service through the console's one app client, so the service cannot tell reviewers apart; the BFF can, and keeps
 * the holds in its shared state store (DESIGN.md §5).
 */
import { z } from 'zod/mini';
import { agentIdSchema, runIdSchema } from './ids';
import { stringSchema } from './primitives';

export const reviewHoldSchema = z.object({
  runId: runIdSchema,
  agentId: agentIdSchema,
  /** As the run's variables name them (read, not checked: another service may prefix them). */
  validationId: stringSchema(),
  taskId: stringSchema(),
  documentId: z.nullable(stringSchema()),
  /** Who holds it: an operator's name as they signed in. */
  holder: stringSchema(),
  /** The caller holds it (this operator account, in any of their sessions). */
  mine: z.boolean(),
  /** When it was taken. */
  since: stringSchema(),
  /** The last sign of life from the holder's tab. */
  keptAliveAt: stringSchema(),
  /** When it goes back to the queue unless kept alive before. */
  expiresAt: stringSchema(),
});
export type ReviewHold = z.infer<typeof reviewHoldSchema>;

/** A run in review that no hold of this BFF names (taken by another client of the service, or before holds). */
export const untrackedReviewSchema = z.object({
  runId: runIdSchema,
  /** When its run last changed: it goes back to the queue once that is a whole hold time ago. */
  since: stringSchema(),
});

/** `GET /bff/review/holds?agentId=`: the agent's holds, oldest first, and the hold rules the tab follows. */
export const reviewHoldListSchema = z.object({
  holds: z.array(reviewHoldSchema),
  untracked: z.array(untrackedReviewSchema),
  /** The BFF's time when it began to read them: a hold taken later may be missing from this answer. */
  listedAt: stringSchema(),
  /** A hold not kept alive for this long goes back to the queue (DPS_REVIEW_HOLD_MINUTES). */
  holdMs: z.number(),
  /** How often a tab in use keeps its hold alive. */
  keepAliveMs: z.number(),
});
export type ReviewHoldList = z.infer<typeof reviewHoldListSchema>;

export const reviewHoldListQuerySchema = z.object({ agentId: agentIdSchema });

/** The most runs a sitting can ask `next` to pass over (the ones it skipped). */
export const MAX_SKIPPED_RUNS = 500;

/** `POST /bff/review/next`: take the oldest waiting run of the agent that nobody holds, other than `skip`. */
export const nextReviewBodySchema = z.object({
  agentId: agentIdSchema,
  skip: z.optional(z.array(runIdSchema).check(z.maxLength(MAX_SKIPPED_RUNS))),
});

/**
 * `POST /bff/review/next`'s answer: the hold taken, or none when every waiting run is held or skipped; `untasked`
 * counts the waiting runs passed over because they name no validation task (they cannot be reviewed here).
 */
export const nextReviewSchema = z.object({ hold: z.nullable(reviewHoldSchema), untasked: z.number() });
export type NextReview = z.infer<typeof nextReviewSchema>;

/** `POST /bff/review/holds`: take one named run (opened from a link or the queue). */
export const takeReviewBodySchema = z.object({ agentId: agentIdSchema, runId: runIdSchema });

/** Why a run could not be taken, in a shape the console words for operators (never a raw status in a sentence). */
export const REVIEW_REFUSALS = ['held', 'reviewed', 'not-waiting', 'no-task'] as const;
export type ReviewRefusal = (typeof REVIEW_REFUSALS)[number];

/** `POST /bff/review/holds` 409: the run is not for this caller to review now. */
export const reviewRefusalSchema = z.object({
  message: stringSchema(),
  reason: z.enum(REVIEW_REFUSALS),
  /** Who holds or reviewed it, when the BFF knows. */
  by: z.nullable(stringSchema()),
  /** Since when it is held, or when it was reviewed, when known. */
  at: z.nullable(stringSchema()),
  /** The run's status (for the console's own words; not meant to be shown as is). */
  status: z.nullable(stringSchema()),
});
export type ReviewRefusalBody = z.infer<typeof reviewRefusalSchema>;

export const reviewHoldParamsSchema = z.object({ runId: runIdSchema });

/** `DELETE /bff/review/holds/:runId`: the hold ended; `returned` says whether its task went back to the queue. */
export const endedReviewHoldSchema = z.object({ hold: reviewHoldSchema, returned: z.boolean() });

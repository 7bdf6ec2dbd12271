/**
 * Agent run statuses grouped by what they mean for the people working the runs (DESIGN §4's lifecycle). The console's
 * tabs, counts and review screen and the service's engine read the same sets.
 */
import type { AgentRunStatus } from './enums';

/** Not yet taken by a reviewer: the review queue. */
export const WAITING_FOR_REVIEW_STATUS = 'ready-for-review' satisfies AgentRunStatus;
/** Taken by a reviewer (its validation task is in progress). */
export const IN_REVIEW_STATUS = 'review-in-progress' satisfies AgentRunStatus;
/** Waiting for or in review: the runs that need a person. */
export const REVIEW_STATUSES: readonly AgentRunStatus[] = [WAITING_FOR_REVIEW_STATUS, IN_REVIEW_STATUS];
/** Auto-approved or reviewed: the statuses an export starts from. */
export const EXPORTABLE_STATUSES: readonly AgentRunStatus[] = ['succeeded-predictions', 'review-completed'];
/** Done: the results were delivered. */
export const DONE_STATUSES: readonly AgentRunStatus[] = ['exported', 'completed'];

/** Every status in the order a run moves through them; `error` and `archived` can follow any of them. */
export const AGENT_RUN_LIFECYCLE_ORDER: readonly AgentRunStatus[] = [
  'running',
  'pending-predictions',
  'succeeded-predictions',
  'ready-for-review',
  'review-in-progress',
  'review-completed',
  'pending-export',
  'exported',
  'completed',
  'error',
  'archived',
];

/** Still on their way (not completed, failed or archived): the statuses a run can fail from. */
export const IN_FLIGHT_STATUSES: readonly AgentRunStatus[] = AGENT_RUN_LIFECYCLE_ORDER.slice(
  0,
  AGENT_RUN_LIFECYCLE_ORDER.indexOf('completed'),
);

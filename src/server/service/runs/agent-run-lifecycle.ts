/**
 * The agent run state machine (DESIGN §4), as pure functions. Storage and HTTP live elsewhere; this module decides
 * which transitions exist and what each one appends to `events`.
 *
 *   running → pending-predictions → succeeded-predictions (auto-validated) ─────────────┐
 *                                 └→ ready-for-review ⇄ review-in-progress → review-completed ─┤
 *   → pending-export → exported → completed                                              ◄──┘
 *   any non-final step → error;  any state → archived (the only client-settable status)
 */
import type { AgentRunEvent, AgentRunStatus } from '@/contract';
import { IN_FLIGHT_STATUSES, nowTimestamp } from '@/contract';

export const AGENT_RUN_TRIGGERS = {
  /** Run accepted; predictions are being prepared. */
  start: { from: [], to: 'running' },
  requestPredictions: { from: ['running'], to: 'pending-predictions' },
  /** Predictions passed validation without a person (no validation, disabled, or auto-approved). */
  autoValidate: { from: ['pending-predictions'], to: 'succeeded-predictions' },
  requestReview: { from: ['pending-predictions'], to: 'ready-for-review' },
  /** The run's validation task moved to in-progress. */
  startReview: { from: ['ready-for-review'], to: 'review-in-progress' },
  /** The reviewer gave the task back (task in-progress → ready). */
  releaseReview: { from: ['review-in-progress'], to: 'ready-for-review' },
  /** The run's validation task succeeded. */
  completeReview: { from: ['review-in-progress'], to: 'review-completed' },
  requestExport: { from: ['succeeded-predictions', 'review-completed'], to: 'pending-export' },
  export: { from: ['pending-export'], to: 'exported' },
  complete: { from: ['exported'], to: 'completed' },
  fail: {
    from: IN_FLIGHT_STATUSES,
    to: 'error',
  },
  archive: { from: 'any', to: 'archived' },
} as const satisfies Record<string, { from: readonly AgentRunStatus[] | 'any'; to: AgentRunStatus }>;

export type AgentRunTrigger = keyof typeof AGENT_RUN_TRIGGERS;

/** The event `type` written for each trigger. */
export const EVENT_TYPES: Record<AgentRunTrigger, string> = {
  start: 'run-started',
  requestPredictions: 'predictions-requested',
  autoValidate: 'predictions-auto-validated',
  requestReview: 'review-requested',
  startReview: 'review-started',
  releaseReview: 'review-released',
  completeReview: 'review-completed',
  requestExport: 'export-requested',
  export: 'exported',
  complete: 'completed',
  fail: 'error',
  archive: 'archived',
};

export class LifecycleError extends Error {
  constructor(
    readonly from: AgentRunStatus | null,
    readonly trigger: AgentRunTrigger,
  ) {
    super(
      from === null
        ? `an agent run cannot ${trigger} before it exists`
        : `status ${from} does not allow ${describeTrigger(trigger)} (allowed from ${allowedFrom(trigger)})`,
    );
  }
}

function describeTrigger(trigger: AgentRunTrigger): string {
  return `${EVENT_TYPES[trigger].replaceAll('-', ' ')} → ${AGENT_RUN_TRIGGERS[trigger].to}`;
}

function allowedFrom(trigger: AgentRunTrigger): string {
  const from = AGENT_RUN_TRIGGERS[trigger].from;
  return from === 'any' ? 'any status' : from.length ? from.join(', ') : 'no status';
}

export function canTransition(from: AgentRunStatus | null, trigger: AgentRunTrigger): boolean {
  const allowed = AGENT_RUN_TRIGGERS[trigger].from;
  if (allowed === 'any') return from !== null;
  if (from === null) return trigger === 'start';
  return (allowed as readonly AgentRunStatus[]).includes(from);
}

export type RunState = { status: AgentRunStatus; events: AgentRunEvent[] };
export type TransitionOptions = {
  by: string | null;
  time?: string;
  message?: string;
  details?: Record<string, unknown>;
};

/** Applies a trigger: the next status and the events with one more entry. Throws LifecycleError when not allowed. */
export function applyTransition(run: RunState | null, trigger: AgentRunTrigger, options: TransitionOptions): RunState {
  const from = run?.status ?? null;
  if (!canTransition(from, trigger)) throw new LifecycleError(from, trigger);
  const to = AGENT_RUN_TRIGGERS[trigger].to;
  const event: AgentRunEvent = {
    type: EVENT_TYPES[trigger],
    status: to,
    previousStatus: from,
    time: options.time ?? nowTimestamp(),
    by: options.by,
    ...(options.message ? { message: options.message } : {}),
    ...(options.details ? { details: options.details } : {}),
  };
  return { status: to, events: [...(run?.events ?? []), event] };
}

/** Applies several triggers in order (e.g. the synchronous prediction step). */
export function applyTransitions(
  run: RunState | null,
  triggers: AgentRunTrigger[],
  options: TransitionOptions,
): RunState {
  return triggers.reduce<RunState | null>(
    (state, trigger) => applyTransition(state, trigger, options),
    run,
  ) as RunState;
}

/**
 * The agent run review screen's calls: the queue of an agent's runs waiting for review, a run's variables (which name
 * its document, model, validation and task), its validation task, and the task moves (take, release, confirm, reject).
 * Kept here rather than in the runs module so the review screen owns exactly what it needs.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  agentListSchema,
  agentRunListSchema,
  agentRunSchema,
  documentSchema,
  runVariablesSchema,
  validationTaskInputSchema,
  validationTaskSchema,
  WAITING_FOR_REVIEW_STATUS,
  type AgentRunStatus,
  type GroundTruthEntry,
} from '@/contract';
import {
  endedReviewHoldSchema,
  nextReviewSchema,
  reviewHoldListSchema,
  reviewHoldSchema,
  reviewRefusalSchema,
  type ReviewHold,
  type ReviewRefusalBody,
} from '@/contract/review-holds';
import { bffFetch } from './bff-fetch';
import { api, request, segment } from './client';
import { isApiError } from './errors';
import { familyKey, organizationKey } from './keys';
import { useOrganizationScope } from './organization-scope';

export const reviewKeys = {
  all: (org: string) => familyKey(org, 'review'),
  queue: (org: string, agentId: string) => [...familyKey(org, 'review'), 'queue', agentId] as const,
  holds: (org: string, agentId: string) => [...familyKey(org, 'review'), 'holds', agentId] as const,
  /** This operator's hold on a run (taking it is what loads it). */
  hold: (org: string, runId: string) => [...familyKey(org, 'review'), 'hold', runId] as const,
  run: (org: string, agentId: string, runId: string) => [...familyKey(org, 'review'), 'run', agentId, runId] as const,
  task: (org: string, validationId: string, taskId: string) =>
    [...familyKey(org, 'review'), 'task', validationId, taskId] as const,
};

/** Agents, to choose whose queue to work on. */
export function reviewAgentsQueryOptions(org: string) {
  return queryOptions({
    queryKey: [...familyKey(org, 'review'), 'agents'] as const,
    queryFn: ({ signal }) => api('/agents', { query: { maxResults: 100 }, schema: agentListSchema, signal }),
  });
}

/** An agent's runs in one status, oldest first (the order a team works a queue in): the first 100. */
function oldestRunsQueryOptions(queryKey: readonly unknown[], agentId: string, status: AgentRunStatus) {
  // The callers' keys (reviewKeys.queue / held) name the agent, and which of the two names the status.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      api(`/agents/${segment(agentId)}/runs`, {
        query: { status, sort: 'createdTime:asc', maxResults: 100 },
        schema: agentRunListSchema,
        signal,
      }),
  });
}

/** The runs waiting for review. */
export const reviewQueueQueryOptions = (org: string, agentId: string) =>
  oldestRunsQueryOptions(reviewKeys.queue(org, agentId), agentId, WAITING_FOR_REVIEW_STATUS);

/**
 * Who holds which of the agent's runs, since when (the BFF's review holds; expired ones are given back on the way),
 * and the runs in review no hold names. Asked again often: reviewers come and go.
 */
export function reviewHoldsQueryOptions(org: string, agentId: string) {
  return queryOptions({
    queryKey: reviewKeys.holds(org, agentId),
    queryFn: ({ signal }) => request('/bff/review/holds', { query: { agentId }, schema: reviewHoldListSchema, signal }),
    staleTime: 0,
  });
}

/** Takes the oldest waiting run of the agent that nobody holds, passing over `skip`; null when none is left. */
export function takeNextReview(agentId: string, skip: readonly string[]) {
  return request('/bff/review/next', {
    method: 'POST',
    body: { agentId, skip: skip.slice(-500) },
    schema: nextReviewSchema,
  });
}

/** Why a run could not be taken (409), or null when the error says something else. */
export function reviewRefusalOf(error: unknown): ReviewRefusalBody | null {
  if (!isApiError(error, 409)) return null;
  const parsed = reviewRefusalSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/**
 * This operator's hold on one run: taking it (or finding it already theirs) is what opens a run for review. A sitting
 * that took the run with `takeNextReview` puts the hold here first, so it is not asked for twice.
 */
export function reviewHoldQueryOptions(org: string, agentId: string, runId: string) {
  // A run id names one run of one agent: the key needs no agent (and the sitting's `next` fills it knowing none).
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: reviewKeys.hold(org, runId),
    queryFn: ({ signal }) =>
      request('/bff/review/holds', { method: 'POST', body: { agentId, runId }, schema: reviewHoldSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // Kept a while unobserved: the sitting puts a hold here just before the run's screen mounts to read it.
    gcTime: 60_000,
    retry: false,
    // Asked only when a run's screen opens: asking is taking, never a background refresh.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** A sign of life from the tab that holds the run; rejects with 404 once the hold has ended. */
export function keepReviewHoldAlive(runId: string) {
  return request(`/bff/review/holds/${segment(runId)}/keep-alive`, { method: 'POST', schema: reviewHoldSchema });
}

/** Ends a hold: a run still in review goes back to the queue; after a confirmation the hold simply ends. */
export function endReviewHold(runId: string) {
  return request(`/bff/review/holds/${segment(runId)}`, { method: 'DELETE', schema: endedReviewHoldSchema });
}

/**
 * The tab is closing: gives the run back without waiting for an answer (`keepalive` lets the request outlive the page;
 * unlike `sendBeacon`, it carries the X-CSRF header the BFF requires).
 */
export function giveBackOnUnload(runId: string) {
  void bffFetch(`/bff/review/holds/${segment(runId)}`, { method: 'DELETE', keepalive: true }).catch(() => {});
}

/** An admin: take a run over from the reviewer holding it, or release their hold (the run goes back to the queue). */
export function useManageReviewHold(agentId: string) {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  const refresh = () => queryClient.invalidateQueries({ queryKey: reviewKeys.holds(org, agentId) });
  const takeOver = useMutation({
    mutationFn: (runId: string) =>
      request(`/bff/review/holds/${segment(runId)}/take-over`, { method: 'POST', schema: reviewHoldSchema }),
    onSuccess: async (hold) => {
      queryClient.setQueryData(reviewKeys.hold(org, hold.runId), hold);
      await refresh();
    },
  });
  const release = useMutation({ mutationFn: endReviewHold, onSuccess: refresh });
  return { takeOver, release };
}

export type { ReviewHold };

export function reviewRunQueryOptions(org: string, agentId: string, runId: string) {
  return queryOptions({
    queryKey: reviewKeys.run(org, agentId, runId),
    queryFn: async ({ signal }) => {
      const path = `/agents/${segment(agentId)}/runs/${segment(runId)}`;
      const [run, variables] = await Promise.all([
        api(path, { schema: agentRunSchema, signal }),
        api(`${path}/variables`, { schema: runVariablesSchema, signal }),
      ]);
      return { run, variables };
    },
    staleTime: 0,
  });
}

export function reviewTaskQueryOptions(org: string, validationId: string, taskId: string) {
  return queryOptions({
    queryKey: reviewKeys.task(org, validationId, taskId),
    queryFn: async ({ signal }) => {
      const task = await api(`/validations/${segment(validationId)}/tasks/${segment(taskId)}`, {
        schema: validationTaskSchema,
        signal,
      });
      const input = validationTaskInputSchema.safeParse(task.input);
      return { task, input: input.success ? input.data : null };
    },
    staleTime: 0,
  });
}

type TaskRef = { validationId: string; taskId: string };
const taskPath = ({ validationId, taskId }: TaskRef) =>
  `/validations/${segment(validationId)}/tasks/${segment(taskId)}`;

/**
 * After a review write. It touches runs, tasks and documents shown on several screens, so all of the organization's
 * cached data goes stale; but only the review screen's own queries on screen (queue, holds, the run and its task) are
 * asked again now and awaited. The rest is asked when next shown: refetching every query on screen (the queue's
 * document names among them) before moving on kept the reviewer waiting. A hold is never asked again here: asking
 * is taking, and the run just decided (or skipped) must not be taken again. It goes stale, so opening that run again
 * later asks (and says why it cannot be taken, if so).
 */
async function refreshAfterReviewWrite(queryClient: ReturnType<typeof useQueryClient>, org: string) {
  await queryClient.invalidateQueries({ queryKey: organizationKey(org), refetchType: 'none' });
  await queryClient.refetchQueries({
    queryKey: reviewKeys.all(org),
    type: 'active',
    predicate: (query) => !isHoldKey(query.queryKey, org),
  });
}

const isHoldKey = (key: readonly unknown[], org: string) => key[reviewKeys.all(org).length] === 'hold';

export interface ReviewConfirmation {
  /** The run under review: not sent (the task names it), kept for the handlers. */
  runId: string;
  task: TaskRef;
  documentId: string | null;
  groundTruth: GroundTruthEntry[];
}

/**
 * Confirm: completes the task with the corrected fields (its run → review-completed), then saves them as the
 * document's ground truth (the whole array). `handlers` live with the mutation, not the component that started it:
 * they run even when the reviewer has moved on to the next run (the review sitting confirms in the background).
 */
export function useConfirmReview(handlers?: {
  onSuccess?: (confirmation: ReviewConfirmation) => void;
  onError?: (error: Error, confirmation: ReviewConfirmation) => void;
}) {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: async ({ runId, task, documentId, groundTruth }: ReviewConfirmation) => {
      const completed = await api(taskPath(task), {
        method: 'PATCH',
        body: { status: 'succeeded', output: { groundTruth } },
        schema: validationTaskSchema,
      });
      await endHoldAfterReview(runId);
      const document = documentId
        ? await api(`/documents/${segment(documentId)}`, {
            method: 'PATCH',
            body: { groundTruth },
            schema: documentSchema,
          })
        : null;
      return { task: completed, document };
    },
    onSuccess: async (_answer, confirmation) => {
      handlers?.onSuccess?.(confirmation);
      await refreshAfterReviewWrite(queryClient, org);
    },
    onError: async (error, confirmation) => {
      handlers?.onError?.(error, confirmation);
      // The hold may have ended with the refusal: opening the run again asks for it anew.
      await queryClient.invalidateQueries({ queryKey: reviewKeys.hold(org, confirmation.runId), refetchType: 'none' });
    },
  });
}

/** Reject: the task fails with a reason (its run → error), and the hold ends. */
export function useRejectReview() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: async ({ runId, task, reason }: { runId: string; task: TaskRef; reason: string }) => {
      const failed = await api(taskPath(task), {
        method: 'PATCH',
        body: { status: 'failed', output: { reason } },
        schema: validationTaskSchema,
      });
      await endHoldAfterReview(runId);
      return failed;
    },
    onSuccess: async () => refreshAfterReviewWrite(queryClient, org),
  });
}

/** Skip: the hold ends and the run goes back to the queue for someone else (its task back to ready). */
export function useSkipReview() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (runId: string) => endReviewHold(runId),
    onSuccess: async () => refreshAfterReviewWrite(queryClient, org),
  });
}

/**
 * The review is written: the hold has nothing left to keep. Not ending it is harmless (it lapses after the hold
 * time, and a finished task is never given back), so a failure here does not fail the review.
 */
async function endHoldAfterReview(runId: string) {
  await endReviewHold(runId).catch(() => undefined);
}

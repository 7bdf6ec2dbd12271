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
  IN_REVIEW_STATUS,
  runVariablesSchema,
  validationTaskInputSchema,
  validationTaskSchema,
  WAITING_FOR_REVIEW_STATUS,
  type AgentRunStatus,
  type GroundTruthEntry,
} from '@/contract';
import { api, segment } from './client';
import { familyKey, organizationKey } from './keys';
import { useOrganizationScope } from './organization-scope';

export const reviewKeys = {
  all: (org: string) => familyKey(org, 'review'),
  queue: (org: string, agentId: string) => [...familyKey(org, 'review'), 'queue', agentId] as const,
  held: (org: string, agentId: string) => [...familyKey(org, 'review'), 'held', agentId] as const,
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
 * The runs a reviewer has taken and not finished, oldest first. The service does not expire a taken task, so a
 * reviewer who walked away leaves a run here: the queue shows them so someone can take one over.
 */
export const reviewHeldQueryOptions = (org: string, agentId: string) =>
  oldestRunsQueryOptions(reviewKeys.held(org, agentId), agentId, IN_REVIEW_STATUS);

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
 * cached data goes stale; but only the review screen's own queries on screen (queue, held runs, the run and its task)
 * are asked again now and awaited. The rest is asked when next shown: refetching every query on screen (the queue's
 * document names among them) before moving on kept the reviewer waiting.
 */
async function refreshAfterReviewWrite(queryClient: ReturnType<typeof useQueryClient>, org: string) {
  await queryClient.invalidateQueries({ queryKey: organizationKey(org), refetchType: 'none' });
  await queryClient.refetchQueries({ queryKey: reviewKeys.all(org), type: 'active' });
}

/** Takes a run's task (ready → in-progress; its run → review-in-progress). 409 when another reviewer holds it. */
export function useTakeReviewTask() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (ref: TaskRef) =>
      api(taskPath(ref), { method: 'PATCH', body: { status: 'in-progress' }, schema: validationTaskSchema }),
    onSuccess: async () => refreshAfterReviewWrite(queryClient, org),
  });
}

/** Hands a taken task back to the queue (in-progress → ready). */
export function useReleaseReviewTask() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: (ref: TaskRef) =>
      api(taskPath(ref), { method: 'PATCH', body: { status: 'ready' }, schema: validationTaskSchema }),
    onSuccess: async () => refreshAfterReviewWrite(queryClient, org),
  });
}

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
    mutationFn: async ({ task, documentId, groundTruth }: ReviewConfirmation) => {
      const completed = await api(taskPath(task), {
        method: 'PATCH',
        body: { status: 'succeeded', output: { groundTruth } },
        schema: validationTaskSchema,
      });
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
    onError: (error, confirmation) => handlers?.onError?.(error, confirmation),
  });
}

/** Reject: the task fails with a reason (its run → error). */
export function useRejectReview() {
  const queryClient = useQueryClient();
  const org = useOrganizationScope();
  return useMutation({
    mutationFn: ({ task, reason }: { task: TaskRef; reason: string }) =>
      api(taskPath(task), {
        method: 'PATCH',
        body: { status: 'failed', output: { reason } },
        schema: validationTaskSchema,
      }),
    onSuccess: async () => refreshAfterReviewWrite(queryClient, org),
  });
}

import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { reviewAgentsQueryOptions, reviewQueueQueryOptions } from '@/api/review';
import { agentIdSchema, runIdSchema } from '@/contract';
import { startReviewRun } from '@/features/review/prefetch-review-run';
import { ReviewScreen } from '@/features/review/review-screen';

const searchSchema = z.object({
  agentId: z.catch(z.optional(agentIdSchema), undefined),
  runId: z.catch(z.optional(runIdSchema), undefined),
});

export const Route = createFileRoute('/_authenticated/runs/review')({
  staticData: { crumb: 'Review' },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    if (!deps.agentId) {
      await context.queryClient.ensureQueryData(reviewAgentsQueryOptions(context.organization));
      return;
    }
    // The run asked for starts loading now (its document and file alongside when a cached run names it), not once the
    // screen has mounted.
    if (deps.runId) startReviewRun(context.queryClient, context.organization, deps.agentId, deps.runId);
    const queue = await context.queryClient.ensureQueryData(
      reviewQueueQueryOptions(context.organization, deps.agentId),
    );
    // Opening an agent's queue opens its oldest waiting run.
    if (!deps.runId && queue.runs[0]) {
      throw redirect({
        to: '/runs/review',
        search: { agentId: deps.agentId, runId: queue.runs[0].runId },
        replace: true,
      });
    }
  },
  component: ReviewRoute,
});

function ReviewRoute() {
  const { agentId, runId } = Route.useSearch();
  return <ReviewScreen agentId={agentId} runId={runId} />;
}

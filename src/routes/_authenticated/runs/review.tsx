import { createFileRoute } from '@tanstack/react-router';
import { reviewAgentsQueryOptions, reviewQueueQueryOptions } from '@/api/review';
import { ReviewScreen } from '@/features/review/review-screen';
import { reviewSearchSchema } from '@/features/review/review-search';

export const Route = createFileRoute('/_authenticated/runs/review')({
  staticData: { crumb: 'Review' },
  validateSearch: reviewSearchSchema,
  loaderDeps: ({ search: { agentId, runId } }) => ({ agentId, runId }),
  loader: async ({ context, deps }) => {
    if (!deps.agentId) {
      await context.queryClient.ensureQueryData(reviewAgentsQueryOptions(context.organization));
      return;
    }
    // The run asked for starts loading now (its document and file alongside when a cached run names it), not once the
    // screen has mounted. Imported here, not at the top: the prefetch and the APIs and viewer code it brings stay out of
    // the first load (the router loads this route's loader with the first screen), and the queue's request below runs
    // meanwhile. The screen's chunk shares the module, so it is fetched once.
    if (deps.runId) {
      const { agentId, runId } = deps;
      void import('@/features/review/prefetch-review-run').then(({ startReviewRun }) =>
        startReviewRun(context.queryClient, context.organization, agentId, runId),
      );
    }
    // Without a run, the sitting asks the BFF for the next one nobody holds (another reviewer may have the oldest).
    await context.queryClient.ensureQueryData(reviewQueueQueryOptions(context.organization, deps.agentId));
  },
  component: ReviewRoute,
});

function ReviewRoute() {
  const { agentId, runId } = Route.useSearch();
  return <ReviewScreen agentId={agentId} runId={runId} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { reviewAgentsQueryOptions, reviewQueueQueryOptions } from '@/api/review';
import { ReviewScreen } from '@/features/review/review-screen';
import { reviewSearchSchema } from '@/features/review/review-search';

type StartReviewRun = typeof import('@/features/review/prefetch-review-run').startReviewRun;
/** `startReviewRun` once its module has been imported. */
let loadedStartReviewRun: StartReviewRun | undefined;

const startReviewRunNow: StartReviewRun = (...args) => {
  if (loadedStartReviewRun) return loadedStartReviewRun(...args);
  void import('@/features/review/prefetch-review-run').then(({ startReviewRun }) => {
    loadedStartReviewRun = startReviewRun;
    startReviewRun(...args);
  });
};

export const Route = createFileRoute('/_authenticated/runs/review')({
  staticData: {
    get crumb() {
      return t`Review`;
    },
  },
  validateSearch: reviewSearchSchema,
  loaderDeps: ({ search: { agentId, runId } }) => ({ agentId, runId }),
  loader: async ({ context, deps }) => {
    if (!deps.agentId) {
      await context.queryClient.ensureQueryData(reviewAgentsQueryOptions(context.organization));
      return;
    }
    // The run asked for starts loading now (its document and file alongside when a cached run names it), not once the
    // screen has mounted. The prefetch and the APIs and viewer code it brings stay out of the first load (the router
    // loads this route's loader with the first screen): imported on the first open, then called at once, because an
    // import() settles only after the render this navigation starts, and the run's variables could be back by then.
    if (deps.runId) startReviewRunNow(context.queryClient, context.organization, deps.agentId, deps.runId);
    // Without a run, the sitting asks the BFF for the next one nobody holds (another reviewer may have the oldest).
    await context.queryClient.ensureQueryData(reviewQueueQueryOptions(context.organization, deps.agentId));
  },
  component: ReviewRoute,
});

function ReviewRoute() {
  const { agentId, runId } = Route.useSearch();
  return <ReviewScreen agentId={agentId} runId={runId} />;
}

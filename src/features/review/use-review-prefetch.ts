import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { AgentRun } from '@/contract';
import { dropPreloadedDocument } from '@/widgets/document-viewer/preload-document';
import { prefetchReviewRun } from './prefetch-review-run';

/**
 * Runs got ready ahead of the one on screen: Confirm opens the first, Skip or Reject may open the second. Only while
 * this reviewer is alone on the queue: with others, the next run is whichever of the oldest is still free when Confirm
 * is pressed, and the runs worth getting ready change with every run anyone takes, so each tab kept fetching and
 * painting documents it would not open (`npm run bench -- review-team`: four reviewers sharing a queue went from
 * 80 to 107 runs a minute without it, beside 110 for four on queues of their own).
 */
const LOOKAHEAD = 2;

/**
 * While a run is reviewed, gets the next runs of the queue ready (their data in the query cache, their document
 * fetched and its first page opened), one after the other. A changed queue starts over with its own next runs.
 * Files preloaded for runs that left it are not let go then: the run Confirm just took for this reviewer leaves the
 * waiting list (it is in review now) before the screen moves to it, whenever the list is asked again in between.
 * The viewer's own limit (MAX_PRELOADED, oldest first) lets go of the others; leaving the sitting lets go of all.
 */
export function useReviewPrefetch(
  org: string,
  queue: readonly AgentRun[],
  currentRunId: string | null,
  otherReviewers = 0,
) {
  const queryClient = useQueryClient();
  const lookahead = otherReviewers > 0 ? 0 : LOOKAHEAD;
  const upcoming = queue.filter((run) => run.runId !== currentRunId).slice(0, lookahead);
  const upcomingKey = upcoming.map((run) => run.runId).join(' ');
  // The runs themselves as they are when the effect runs; the effect reruns when their ids change.
  const currentUpcoming = useEffectEvent(() => upcoming);
  /** Run id → the file preloaded for it (let go when the sitting ends). */
  const files = useRef(new Map<string, string>());
  /** The runs whose preloads are wanted: the one on screen (until its viewer takes its file) and the next ones. */
  const keep = useRef(new Set<string>());

  useEffect(() => {
    const held = files.current;
    return () => {
      for (const fileUrl of held.values()) dropPreloadedDocument(fileUrl);
      held.clear();
    };
  }, []);

  useEffect(() => {
    const runs = currentUpcoming();
    keep.current = new Set([...(currentRunId ? [currentRunId] : []), ...runs.map((run) => run.runId)]);
    const controller = new AbortController();
    void (async () => {
      for (const run of runs) {
        if (controller.signal.aborted) return;
        const fileUrl = await prefetchReviewRun(queryClient, org, run).catch(() => null);
        if (!fileUrl) continue;
        // The queue may have moved on meanwhile: a file finished for a run no longer wanted is let go.
        if (keep.current.has(run.runId)) files.current.set(run.runId, fileUrl);
        else dropPreloadedDocument(fileUrl);
      }
    })();
    return () => controller.abort();
  }, [queryClient, org, upcomingKey, currentRunId]);
}

import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCapabilities } from '@/api/capabilities';
import { reviewAgentsQueryOptions, reviewHeldQueryOptions, reviewQueueQueryOptions } from '@/api/review';
import { EmptyState } from '@/components/states';
import { reviewPosition } from './review-fields';
import { ReviewQueue } from './review-queue';
import { ReviewRun } from './review-run';
import { useBackgroundConfirm } from './use-background-confirm';
import { useReviewPrefetch } from './use-review-prefetch';
import { useOrganizationScope } from '@/api/organization-scope';

/** One sitting on an agent's queue: counts the runs confirmed so far ("3 of 12"). */
export function ReviewSitting({ agentId, runId }: { agentId: string; runId: string | null }) {
  const org = useOrganizationScope();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const readOnly = !useCapabilities().write;
  const { data: queue } = useSuspenseQuery(reviewQueueQueryOptions(org, agentId));
  const held = useQuery(reviewHeldQueryOptions(org, agentId));
  const heldElsewhere = held.data?.runs.filter((run) => run.runId !== runId).length ?? 0;
  const agents = useQuery(reviewAgentsQueryOptions(org));
  const agentName = agents.data?.agents.find((a) => a.agentId === agentId)?.name || agentId;
  const [done, setDone] = useState(0);

  const confirmations = useBackgroundConfirm(agentId, () => setDone((n) => Math.max(0, n - 1)));
  const shownRuns = queue.runs.filter((run) => !confirmations.sending.has(run.runId));
  const waiting = shownRuns.filter((run) => run.runId !== runId).length;
  const position = reviewPosition(done, waiting, runId !== null);
  useReviewPrefetch(org, shownRuns, runId);

  /**
   * The next waiting run after this one, from the queue as this tab knows it: a review write refetches it
   * (api/review.ts); runs whose confirmation is still being written are not offered again.
   */
  const openNext = async (finished: boolean) => {
    if (finished) setDone((n) => n + 1);
    const known = queryClient.getQueryData(reviewQueueQueryOptions(org, agentId).queryKey) ?? queue;
    const next = known.runs.find((run) => run.runId !== runId && !confirmations.isSending(run.runId));
    await navigate({ to: '/runs/review', search: { agentId, runId: next?.runId }, replace: false });
  };

  return (
    <div className="review-page">
      <ReviewQueue
        agentId={agentId}
        agentName={agentName}
        runs={shownRuns}
        held={held.data?.runs ?? []}
        currentRunId={runId}
        position={position}
      />
      {runId ? (
        <ReviewRun
          key={runId}
          agentId={agentId}
          runId={runId}
          readOnly={readOnly}
          position={position}
          onDone={openNext}
          onConfirm={(confirmation) => {
            // Navigation first: the send's re-renders then happen while the next run is already on its way.
            void openNext(true);
            confirmations.send(confirmation);
          }}
        />
      ) : (
        <div className="review-main">
          <EmptyState
            title={done ? `All done: ${done} ${done === 1 ? 'run' : 'runs'} reviewed` : 'No runs wait for review'}
            action={
              <Link to="/" className="button">
                Back to runs
              </Link>
            }
          >
            New runs of {agentName} that need a person appear here.
            {heldElsewhere
              ? ` ${heldElsewhere} ${heldElsewhere === 1 ? 'run is' : 'runs are'} in review: open one from the list to take it over if its reviewer has stopped.`
              : ''}
          </EmptyState>
        </div>
      )}
    </div>
  );
}

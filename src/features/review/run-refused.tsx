/**
 * A run that cannot be this reviewer's now, in an operator's words (never a raw status in a sentence): who holds it
 * and since when (an admin may take it over or release it), who reviewed it and when, where a run that does not wait
 * for review stands, or why a waiting run without a validation task cannot be reviewed here and what to do with it.
 */
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { explainError } from '@/api/errors';
import { useManageReviewHold } from '@/api/review';
import { DateTime } from '@/components/date-time';
import type { ReviewRefusalBody } from '@/contract/review-holds';
import { RunNotOpen } from './run-not-open';

type RunRefusedProps = {
  agentId: string;
  runId: string;
  refusal: ReviewRefusalBody;
  canManageHolds: boolean;
  onDone: (finished: boolean, skip?: boolean) => Promise<void>;
  onArchive: () => Promise<void>;
};

/** Where a run that does not wait for review stands, by its status. */
function notWaitingWords(status: string | null): string {
  switch (status) {
    case 'running':
    case 'pending-predictions':
      return 'This run is still being predicted: it has not reached review yet';
    case 'succeeded-predictions':
      return 'This run went straight through: its predictions needed no review';
    case 'error':
      return 'This run ended with an error, so there is nothing to review';
    case 'archived':
      return 'This run was archived';
    default:
      return 'This run does not wait for review';
  }
}

export function RunRefused({ agentId, runId, refusal, canManageHolds, onDone, onArchive }: RunRefusedProps) {
  switch (refusal.reason) {
    case 'held':
      return (
        <HeldElsewhere agentId={agentId} runId={runId} refusal={refusal} canManage={canManageHolds} onDone={onDone} />
      );
    case 'reviewed':
      return (
        <RunNotOpen title="This run was already reviewed" onDone={onDone}>
          {refusal.by ? `Reviewed by ${refusal.by}` : 'Reviewed'}
          {refusal.at ? (
            <>
              , <DateTime value={refusal.at} />
            </>
          ) : null}
          . <OpenRunLink agentId={agentId} runId={runId} /> to see what was confirmed.
        </RunNotOpen>
      );
    case 'no-task':
      return (
        <RunNotOpen
          title="This run cannot be reviewed here"
          onDone={onDone}
          alsoOffer={<ArchiveButton onArchive={onArchive} />}
        >
          It waits for review, but names no validation task to record a review in (another service or an older version
          made it that way). <OpenRunLink agentId={agentId} runId={runId} /> to see its document and predictions, or
          archive it to take it out of the queue.
        </RunNotOpen>
      );
    default:
      return (
        <RunNotOpen title={notWaitingWords(refusal.status)} onDone={onDone}>
          Only runs waiting for review can be reviewed here. <OpenRunLink agentId={agentId} runId={runId} /> for its
          history.
        </RunNotOpen>
      );
  }
}

function OpenRunLink({ agentId, runId }: { agentId: string; runId: string }) {
  return (
    <Link to="/runs/$agentId/$runId" params={{ agentId, runId }}>
      Open the run
    </Link>
  );
}

function ArchiveButton({ onArchive }: { onArchive: () => Promise<void> }) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={state.busy}
        onClick={async () => {
          setState({ busy: true, error: null });
          try {
            await onArchive();
          } catch (error) {
            const { title, detail } = explainError(error);
            setState({ busy: false, error: `${title}: ${detail}` });
          }
        }}
      >
        Archive it
      </button>
      {state.error ? <ActionError>{state.error}</ActionError> : null}
    </>
  );
}

function ActionError({ children }: { children: ReactNode }) {
  return (
    <p className="review-actions__error" role="alert">
      {children}
    </p>
  );
}

/** Another reviewer holds the run: who, since when; an admin may take it over or release it to the queue. */
function HeldElsewhere({
  agentId,
  runId,
  refusal,
  canManage,
  onDone,
}: {
  agentId: string;
  runId: string;
  refusal: ReviewRefusalBody;
  canManage: boolean;
  onDone: RunRefusedProps['onDone'];
}) {
  const { takeOver, release } = useManageReviewHold(agentId);
  const failed = takeOver.error ?? release.error;
  const who = refusal.by ?? 'Another reviewer';
  return (
    <RunNotOpen
      title={`${who} is reviewing this run`}
      onDone={onDone}
      alsoOffer={
        canManage && refusal.by ? (
          <>
            <button
              type="button"
              className="button"
              disabled={takeOver.isPending}
              onClick={() => takeOver.mutate(runId)}
            >
              Take it over
            </button>
            <button
              type="button"
              className="button"
              disabled={release.isPending}
              onClick={() => release.mutate(runId, { onSuccess: () => void onDone(false) })}
            >
              Release it to the queue
            </button>
            {failed ? (
              <ActionError>{`${explainError(failed).title}: ${explainError(failed).detail}`}</ActionError>
            ) : null}
          </>
        ) : undefined
      }
    >
      {refusal.by ? `Held by ${refusal.by}` : 'Taken outside this console'}
      {refusal.at ? (
        <>
          {' '}
          since <DateTime value={refusal.at} mode="clock" />
        </>
      ) : null}
      .{' '}
      {refusal.by
        ? 'It goes back to the queue by itself if they stop working on it.'
        : 'It goes back to the queue once it has not changed for the hold time.'}
    </RunNotOpen>
  );
}

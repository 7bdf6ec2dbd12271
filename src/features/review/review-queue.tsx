import { Link } from '@tanstack/react-router';
import { useRunDocument } from '@/api/documents';
import type { ReviewHold } from '@/api/review';
import { DateTime } from '@/components/date-time';
import type { AgentRun } from '@/contract';
import './review.css';

export type ReviewQueueProps = {
  agentId: string;
  agentName: string;
  /** Runs waiting for review that nobody holds (the open one excluded). */
  runs: readonly AgentRun[];
  /** Runs held by a reviewer of this console (the open one excluded): who, and since when. */
  holds: readonly ReviewHold[];
  /** Runs in review that no hold names (taken outside this console). */
  untracked: readonly { runId: string; since: string }[];
  position: { position: number; total: number };
};

/** The left column: where this sitting is, the runs still waiting (oldest first), and who is reviewing what. */
export function ReviewQueue({ agentId, agentName, runs, holds, untracked, position }: ReviewQueueProps) {
  const inReview = holds.length + untracked.length;
  return (
    <nav className="review-queue" aria-label="Review queue">
      <div className="review-queue__head">
        {/* The screen's heading: a screen reader's heading list names the sitting's agent. */}
        <h1 className="review-queue__agent" title={agentId}>
          <span className="sr-only">Review: </span>
          {agentName}
        </h1>
        <p className="review-queue__position" aria-live="polite">
          {position.total ? (
            <>
              <strong>
                {position.position} of {position.total}
              </strong>{' '}
              in this sitting
            </>
          ) : (
            'Nothing to review'
          )}
        </p>
      </div>
      <p className="review-queue__label">{runs.length} waiting</p>
      {runs.length === 0 ? (
        <p className="review-queue__empty">No other run waits for review.</p>
      ) : (
        <ol className="review-queue__list">
          {runs.map((run) => (
            <li key={run.runId}>
              <Link to="/runs/review" search={{ agentId, runId: run.runId }} className="review-queue__item">
                <QueuedDocumentName run={run} />
                <span className="review-queue__meta">
                  <span className="review-queue__id">…{run.runId.slice(-8)}</span>
                  <DateTime value={run.createdTime} mode="clock" />
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {inReview > 0 ? (
        <>
          <p
            className="review-queue__label"
            title="Held by a reviewer. A run whose reviewer stops goes back to the queue by itself."
          >
            {inReview} in review
          </p>
          <ol className="review-queue__list" aria-label="Runs in review">
            {holds.map((hold) => (
              <li key={hold.runId}>
                <Link to="/runs/review" search={{ agentId, runId: hold.runId }} className="review-queue__item">
                  <span className="review-queue__doc">{hold.mine ? 'You' : hold.holder}</span>
                  <span className="review-queue__meta">
                    <span className="review-queue__id">…{hold.runId.slice(-8)}</span>
                    <span>
                      since <DateTime value={hold.since} mode="clock" />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
            {untracked.map((run) => (
              <li key={run.runId}>
                <Link to="/runs/review" search={{ agentId, runId: run.runId }} className="review-queue__item">
                  <span className="review-queue__doc">Outside this console</span>
                  <span className="review-queue__meta">
                    <span className="review-queue__id">…{run.runId.slice(-8)}</span>
                    <span>
                      since <DateTime value={run.since} mode="clock" />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </nav>
  );
}

/** What an operator recognises a waiting run by: its document's name (shared, cached with the runs page). */
function QueuedDocumentName({ run }: { run: AgentRun }) {
  const { documentId, document: doc, failed } = useRunDocument(run);
  const name = !documentId
    ? 'No document'
    : doc
      ? doc.name || 'Untitled document'
      : failed
        ? 'Document unavailable'
        : '…';
  return <span className="review-queue__doc">{name}</span>;
}

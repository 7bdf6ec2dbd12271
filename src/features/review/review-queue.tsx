import { Link } from '@tanstack/react-router';
import { useRunDocument } from '@/api/documents';
import { DateTime } from '@/components/date-time';
import type { AgentRun } from '@/contract';
import './review.css';

export type ReviewQueueProps = {
  agentId: string;
  agentName: string;
  /** Runs waiting for review (the open one excluded once taken). */
  runs: readonly AgentRun[];
  /** Runs taken for review and not finished (by anyone, this tab included). */
  held: readonly AgentRun[];
  currentRunId: string | null;
  position: { position: number; total: number };
};

/** The left column: which run is open, and the ones still waiting (oldest first). */
export function ReviewQueue({ agentId, agentName, runs, held, currentRunId, position }: ReviewQueueProps) {
  const waiting = runs.filter((run) => run.runId !== currentRunId);
  const inReview = held.filter((run) => run.runId !== currentRunId);
  return (
    <nav className="review-queue" aria-label="Review queue">
      <div className="review-queue__head">
        <p className="review-queue__agent" title={agentId}>
          {agentName}
        </p>
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
      <p className="review-queue__label">{waiting.length} waiting</p>
      {waiting.length === 0 ? (
        <p className="review-queue__empty">No other run waits for review.</p>
      ) : (
        <ol className="review-queue__list">
          {waiting.map((run) => (
            <li key={run.runId}>
              <Link
                to="/runs/review"
                search={{ agentId, runId: run.runId }}
                className="review-queue__item"
                aria-current={run.runId === currentRunId ? 'page' : undefined}
              >
                <QueuedDocumentName run={run} />
                <span className="review-queue__meta">
                  <span className="review-queue__id">…{run.runId.slice(-8)}</span>
                  <span>
                    {run.createdTime
                      ? new Date(run.createdTime).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' })
                      : ''}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      )}
      {inReview.length > 0 ? (
        <>
          <p
            className="review-queue__label"
            title="Taken by a reviewer and not finished. Open one to take it over if its reviewer has stopped."
          >
            {inReview.length} in review
          </p>
          <ol className="review-queue__list">
            {inReview.map((run) => (
              <li key={run.runId}>
                <Link to="/runs/review" search={{ agentId, runId: run.runId }} className="review-queue__item">
                  <QueuedDocumentName run={run} />
                  <span className="review-queue__meta">
                    <span className="review-queue__id">…{run.runId.slice(-8)}</span>
                    <span>
                      taken <DateTime value={run.updatedTime ?? run.createdTime} />
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

import { Link } from '@tanstack/react-router';
import type { AgentRun } from '../../contract';
import './review.css';

export type ReviewQueueProps = {
  agentId: string;
  agentName: string;
  /** Runs waiting for review (the open one excluded once taken). */
  runs: readonly AgentRun[];
  currentRunId: string | null;
  position: { position: number; total: number };
};

/** The left column: which run is open, and the ones still waiting (oldest first). */
export function ReviewQueue({ agentId, agentName, runs, currentRunId, position }: ReviewQueueProps) {
  const waiting = runs.filter((run) => run.runId !== currentRunId);
  return (
    <nav className="review-queue" aria-label="Review queue">
      <div className="review-queue__head">
        <p className="review-queue__agent" title={agentId}>{agentName}</p>
        <p className="review-queue__position" aria-live="polite">
          {position.total ? <><strong>{position.position} of {position.total}</strong> in this sitting</> : 'Nothing to review'}
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
                <span className="review-queue__id">…{run.runId.slice(-8)}</span>
                <span className="review-queue__time">{run.createdTime ? new Date(run.createdTime).toLocaleString('en-GB', { dateStyle: 'short', timeStyle: 'short' }) : ''}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </nav>
  );
}

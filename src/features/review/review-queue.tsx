import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useRunDocument } from '@/api/documents';
import type { ReviewHold } from '@/api/review';
import { DateTime } from '@/components/date-time';
import type { AgentRun } from '@/contract';
import { formatNumber } from '@/i18n/format';
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

/** One run of the queue, opening it in this sitting: what it is known by, its id's end, and a time. */
function QueueItem({
  agentId,
  runId,
  name,
  time,
}: {
  agentId: string;
  runId: string;
  name: ReactNode;
  time: ReactNode;
}) {
  return (
    <li>
      <Link to="/runs/review" search={{ agentId, runId }} className="review-queue__item">
        {name}
        <span className="review-queue__meta">
          <span className="review-queue__id">…{runId.slice(-8)}</span>
          {time}
        </span>
      </Link>
    </li>
  );
}

/** A run in review: who holds it, since when. */
function InReviewItem({ agentId, runId, who, since }: { agentId: string; runId: string; who: string; since: string }) {
  return (
    <QueueItem
      agentId={agentId}
      runId={runId}
      name={<span className="review-queue__doc">{who}</span>}
      time={
        <span>
          <Trans>
            since <DateTime value={since} mode="clock" />
          </Trans>
        </span>
      }
    />
  );
}

/** The sitting's agent (the screen's heading) and where the sitting is. */
function QueueHead({ agentId, agentName, position }: Pick<ReviewQueueProps, 'agentId' | 'agentName' | 'position'>) {
  const current = formatNumber(position.position);
  const total = formatNumber(position.total);
  return (
    <div className="review-queue__head">
      {/* The screen's heading: a screen reader's heading list names the sitting's agent. */}
      <h1 className="review-queue__agent" title={agentId}>
        <span className="sr-only">
          <Trans>Review:</Trans>{' '}
        </span>
        {agentName}
      </h1>
      <p className="review-queue__position" aria-live="polite">
        {position.total ? (
          <Trans>
            <strong>
              {current} of {total}
            </strong>{' '}
            in this sitting
          </Trans>
        ) : (
          <Trans>Nothing to review</Trans>
        )}
      </p>
    </div>
  );
}

/** The left column: where this sitting is, the runs still waiting (oldest first), and who is reviewing what. */
export function ReviewQueue({ agentId, agentName, runs, holds, untracked, position }: ReviewQueueProps) {
  const inReview = holds.length + untracked.length;
  const waiting = runs.length;
  return (
    <nav className="review-queue" aria-label={t`Review queue`}>
      <QueueHead agentId={agentId} agentName={agentName} position={position} />
      <p className="review-queue__label">{plural(waiting, { one: '# waiting', other: '# waiting' })}</p>
      {runs.length === 0 ? (
        <p className="review-queue__empty">
          <Trans>No other run waits for review.</Trans>
        </p>
      ) : (
        <ol className="review-queue__list">
          {runs.map((run) => (
            <QueueItem
              key={run.runId}
              agentId={agentId}
              runId={run.runId}
              name={<QueuedDocumentName run={run} />}
              time={<DateTime value={run.createdTime} mode="clock" />}
            />
          ))}
        </ol>
      )}
      {inReview > 0 ? (
        <>
          <p
            className="review-queue__label"
            title={t`Held by a reviewer. A run whose reviewer stops goes back to the queue by itself.`}
          >
            {plural(inReview, { one: '# in review', other: '# in review' })}
          </p>
          <ol className="review-queue__list" aria-label={t`Runs in review`}>
            {holds.map((hold) => (
              <InReviewItem
                key={hold.runId}
                agentId={agentId}
                runId={hold.runId}
                who={hold.mine ? t`You` : hold.holder}
                since={hold.since}
              />
            ))}
            {untracked.map((run) => (
              <InReviewItem
                key={run.runId}
                agentId={agentId}
                runId={run.runId}
                who={t`Outside this console`}
                since={run.since}
              />
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
    ? t`No document`
    : doc
      ? doc.name || t`Untitled document`
      : failed
        ? t`Document unavailable`
        : '…';
  return <span className="review-queue__doc">{name}</span>;
}

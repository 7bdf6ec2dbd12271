/**
 * A run that cannot be this reviewer's now, in an operator's words (never a raw status in a sentence): who holds it
 * and since when (an admin may take it over or release it), who reviewed it and when, where a run that does not wait
 * for review stands, or why a waiting run without a validation task cannot be reviewed here and what to do with it.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
      return t`This run is still being predicted: it has not reached review yet`;
    case 'succeeded-predictions':
      return t`This run went straight through: its predictions needed no review`;
    case 'error':
      return t`This run ended with an error, so there is nothing to review`;
    case 'archived':
      return t`This run was archived`;
    default:
      return t`This run does not wait for review`;
  }
}

/** The message of an action that failed, as the operator reads it ("Not allowed: …"). */
function errorText(error: unknown): string {
  const { title, detail } = explainError(error);
  return t`${title}: ${detail}`;
}

/** The link to the run's page, for the sentences that send the operator there. */
const runLinkProps = (agentId: string, runId: string) => ({
  to: '/runs/$agentId/$runId' as const,
  params: { agentId, runId },
});

export function RunRefused({ agentId, runId, refusal, canManageHolds, onDone, onArchive }: RunRefusedProps) {
  const runLink = runLinkProps(agentId, runId);
  switch (refusal.reason) {
    case 'held':
      return (
        <HeldElsewhere agentId={agentId} runId={runId} refusal={refusal} canManage={canManageHolds} onDone={onDone} />
      );
    case 'reviewed':
      return (
        <RunNotOpen title={t`This run was already reviewed`} onDone={onDone}>
          <ReviewedBy by={refusal.by} at={refusal.at} runLink={runLink} />
        </RunNotOpen>
      );
    case 'no-task':
      return (
        <RunNotOpen
          title={t`This run cannot be reviewed here`}
          onDone={onDone}
          alsoOffer={<ArchiveButton onArchive={onArchive} />}
        >
          <Trans>
            It waits for review, but names no validation task to record a review in (another service or an older version
            made it that way). <Link {...runLink}>Open the run</Link> to see its document and predictions, or archive it
            to take it out of the queue.
          </Trans>
        </RunNotOpen>
      );
    default:
      return (
        <RunNotOpen title={notWaitingWords(refusal.status)} onDone={onDone}>
          <Trans>
            Only runs waiting for review can be reviewed here. <Link {...runLink}>Open the run</Link> for its history.
          </Trans>
        </RunNotOpen>
      );
  }
}

/** Who reviewed the run and when, as far as the refusal says, and the way to what was confirmed. */
function ReviewedBy({
  by,
  at,
  runLink,
}: {
  by: string | null | undefined;
  at: string | null | undefined;
  runLink: ReturnType<typeof runLinkProps>;
}) {
  if (by && at)
    return (
      <Trans>
        Reviewed by {by}, <DateTime value={at} />. <Link {...runLink}>Open the run</Link> to see what was confirmed.
      </Trans>
    );
  if (by)
    return (
      <Trans>
        Reviewed by {by}. <Link {...runLink}>Open the run</Link> to see what was confirmed.
      </Trans>
    );
  if (at)
    return (
      <Trans>
        Reviewed, <DateTime value={at} />. <Link {...runLink}>Open the run</Link> to see what was confirmed.
      </Trans>
    );
  return (
    <Trans>
      Reviewed. <Link {...runLink}>Open the run</Link> to see what was confirmed.
    </Trans>
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
            setState({ busy: false, error: errorText(error) });
          }
        }}
      >
        <Trans>Archive it</Trans>
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
  const holder = refusal.by;
  return (
    <RunNotOpen
      title={holder ? t`${holder} is reviewing this run` : t`Another reviewer is reviewing this run`}
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
              <Trans>Take it over</Trans>
            </button>
            <button
              type="button"
              className="button"
              disabled={release.isPending}
              onClick={() => release.mutate(runId, { onSuccess: () => void onDone(false) })}
            >
              <Trans>Release it to the queue</Trans>
            </button>
            {failed ? <ActionError>{errorText(failed)}</ActionError> : null}
          </>
        ) : undefined
      }
    >
      <HeldSince holder={holder} at={refusal.at} />
    </RunNotOpen>
  );
}

/** Who holds the run (or that it was taken outside this console), since when, and when it comes back. */
function HeldSince({ holder, at }: { holder: string | null | undefined; at: string | null | undefined }) {
  if (holder && at)
    return (
      <Trans>
        Held by {holder} since <DateTime value={at} mode="clock" />. It goes back to the queue by itself if they stop
        working on it.
      </Trans>
    );
  if (holder) return <Trans>Held by {holder}. It goes back to the queue by itself if they stop working on it.</Trans>;
  if (at)
    return (
      <Trans>
        Taken outside this console since <DateTime value={at} mode="clock" />. It goes back to the queue once it has not
        changed for the hold time.
      </Trans>
    );
  return (
    <Trans>Taken outside this console. It goes back to the queue once it has not changed for the hold time.</Trans>
  );
}

import { plural, t } from '@lingui/core/macro';
import { Plural, Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { useCapabilities } from '@/api/capabilities';
import { useOrganizationScope } from '@/api/organization-scope';
import {
  reviewAgentsQueryOptions,
  reviewHoldsQueryOptions,
  reviewKeys,
  reviewQueueQueryOptions,
  takeNextReview,
} from '@/api/review';
import { DateTime } from '@/components/date-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import type { ReviewHoldList } from '@/contract/review-holds';
import { formatList } from '@/i18n/format';
import { reviewPosition } from './review-fields';
import { ReviewQueue } from './review-queue';
import { ReviewRun } from './review-run';
import { useBackgroundConfirm } from './use-background-confirm';
import { useReviewPrefetch } from './use-review-prefetch';

/** How often a sitting looks at the queue and its holds again: other reviewers take and finish runs meanwhile. */
const TEAM_REFRESH_MS = 10_000;
/** The BFF's default hold rules, until its answer says otherwise. */
const DEFAULT_HOLD_RULES = { holdMs: 15 * 60_000, keepAliveMs: 60_000 };

/** The agent's queue and its holds, looked at again as the team works, and the agent's name. */
function useTeamQueue(agentId: string) {
  const org = useOrganizationScope();
  const { data: queue } = useSuspenseQuery({
    ...reviewQueueQueryOptions(org, agentId),
    refetchInterval: TEAM_REFRESH_MS,
  });
  const holds = useQuery({ ...reviewHoldsQueryOptions(org, agentId), refetchInterval: TEAM_REFRESH_MS });
  const agents = useQuery(reviewAgentsQueryOptions(org));
  const agentName = agents.data?.agents.find((a) => a.agentId === agentId)?.name || agentId;
  return { queue, holds: holds.data, agentName };
}

/** The runs waiting besides the open one: not held by another reviewer, not being confirmed here. */
function othersWaitingRuns<Run extends { runId: string }>(
  runs: readonly Run[],
  holds: ReviewHoldList | undefined,
  sending: ReadonlySet<string>,
  runId: string | null,
): Run[] {
  // Runs others hold. Not this operator's own: the run `next` just took for them stays where it was in the list until
  // the screen moves to it, so what was got ready for it is kept (the list is often asked again in between).
  const heldIds = new Set([
    ...(holds?.holds ?? []).filter((hold) => !hold.mine).map((hold) => hold.runId),
    ...(holds?.untracked ?? []).map((u) => u.runId),
  ]);
  return runs.filter((run) => run.runId !== runId && !sending.has(run.runId) && !heldIds.has(run.runId));
}

/**
 * Moves on: to the next run the BFF takes for this operator, or (read-only) the next listed one. `next` says whether a
 * take is under way, how it failed, and how many waiting runs name no task; `skipped`, which runs not to offer again.
 */
function useOpenNext({
  agentId,
  runId,
  canReview,
  othersWaiting,
  setDone,
}: {
  agentId: string;
  runId: string | null;
  canReview: boolean;
  othersWaiting: readonly { runId: string }[];
  setDone: Dispatch<SetStateAction<number>>;
}) {
  const org = useOrganizationScope();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** Runs this sitting skipped or could not open: not offered to it again. */
  const skipped = useRef(new Set<string>());
  const [next, setNext] = useState<{ busy: boolean; error: unknown; untasked: number }>({
    busy: false,
    error: null,
    untasked: 0,
  });

  const openNext = async (finished: boolean, skip = false) => {
    if (finished) setDone((n) => n + 1);
    if (runId && (skip || !finished)) skipped.current.add(runId);
    if (!canReview) {
      const listed = othersWaiting.find((run) => !skipped.current.has(run.runId));
      await navigate({ to: '/runs/review', search: { agentId, runId: listed?.runId } });
      return;
    }
    setNext((state) => ({ ...state, busy: true, error: null }));
    try {
      const answer = await takeNextReview(agentId, [...skipped.current]);
      if (answer.hold) queryClient.setQueryData(reviewKeys.hold(org, answer.hold.runId), answer.hold);
      setNext({ busy: false, error: null, untasked: answer.untasked });
      await navigate({ to: '/runs/review', search: { agentId, runId: answer.hold?.runId } });
    } catch (error) {
      setNext((state) => ({ ...state, busy: false, error }));
      await navigate({ to: '/runs/review', search: { agentId, runId: undefined } });
    }
  };
  return { next, openNext, skipped };
}

/** Opening an agent's queue opens the next run for this operator at once. */
function useOpenAtOnce(runId: string | null, waiting: number, openNext: (finished: boolean) => Promise<void>) {
  const started = useRef(false);
  useEffect(() => {
    if (runId || started.current) return;
    started.current = true;
    if (waiting > 0) void openNext(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per sitting, on its first render without a run
  }, [runId]);
}

/**
 * One sitting on an agent's queue, shared with the other reviewers: each next run is the oldest waiting one nobody
 * holds, taken by the BFF for this operator (so two reviewers never get the same run), and the queue shows who is
 * reviewing what. Counts the runs reviewed so far ("3 of 12").
 */
export function ReviewSitting({ agentId, runId }: { agentId: string; runId: string | null }) {
  const org = useOrganizationScope();
  const capabilities = useCapabilities();
  const canReview = capabilities.review;
  const { queue, holds, agentName } = useTeamQueue(agentId);
  const [done, setDone] = useState(0);

  const confirmations = useBackgroundConfirm(agentId, () => setDone((n) => Math.max(0, n - 1)));
  const heldRuns = holds?.holds ?? [];
  const othersWaiting = othersWaitingRuns(queue.runs, holds, confirmations.sending, runId);
  const position = reviewPosition(done, othersWaiting.length, runId !== null);
  const otherReviewers = new Set(heldRuns.filter((hold) => !hold.mine).map((hold) => hold.holder)).size;
  const { next, openNext, skipped } = useOpenNext({ agentId, runId, canReview, othersWaiting, setDone });
  useReviewPrefetch(
    org,
    othersWaiting.filter((run) => !skipped.current.has(run.runId)),
    runId,
    otherReviewers,
  );
  useOpenAtOnce(runId, othersWaiting.length, openNext);

  return (
    <div className="review-page">
      <ReviewQueue
        agentId={agentId}
        agentName={agentName}
        runs={othersWaiting}
        holds={heldRuns.filter((hold) => hold.runId !== runId)}
        untracked={(holds?.untracked ?? []).filter((u) => u.runId !== runId)}
        position={position}
      />
      {runId ? (
        <ReviewRun
          key={runId}
          agentId={agentId}
          runId={runId}
          canReview={canReview}
          canManageHolds={capabilities.manageReviewHolds}
          holdRules={holds ?? DEFAULT_HOLD_RULES}
          listed={
            holds ? { at: holds.listedAt, mine: heldRuns.some((hold) => hold.runId === runId && hold.mine) } : null
          }
          position={position}
          onDone={openNext}
          onConfirm={(confirmation) => {
            // Navigation first: the send's re-renders then happen while the next run is already on its way.
            void openNext(true);
            confirmations.send(confirmation);
          }}
        />
      ) : (
        <SittingEnd
          agentName={agentName}
          done={done}
          busy={next.busy}
          error={next.error}
          untasked={next.untasked}
          othersReviewing={[...new Set(heldRuns.filter((hold) => !hold.mine).map((hold) => hold.holder))]}
          outside={outsideComeBack(holds)}
          waitingNow={
            canReview
              ? Math.max(0, othersWaiting.filter((run) => !skipped.current.has(run.runId)).length - next.untasked)
              : 0
          }
          onNext={() => void openNext(false)}
        />
      )}
    </div>
  );
}

/** The runs in review that no hold names, and when the first of them goes back to the queue (a hold time after). */
function outsideComeBack(list: ReviewHoldList | undefined): { count: number; backAt: string } | null {
  if (!list?.untracked.length) return null;
  const first = Math.min(...list.untracked.map((run) => Date.parse(run.since)));
  return { count: list.untracked.length, backAt: new Date(first + list.holdMs).toISOString() };
}

/** No run open: finding the next, or the end of the sitting and what is left for whom. */
function SittingEnd(props: {
  agentName: string;
  done: number;
  busy: boolean;
  error: unknown;
  untasked: number;
  othersReviewing: string[];
  /** Runs in review outside this console, and when the first of them comes back to the queue unless finished. */
  outside: { count: number; backAt: string } | null;
  waitingNow: number;
  onNext: () => void;
}) {
  const { agentName, done, busy, error, untasked, othersReviewing, outside, waitingNow, onNext } = props;
  if (busy) {
    return (
      <div className="review-main">
        <LoadingState label={t`Taking the next run…`} />
      </div>
    );
  }
  if (error) {
    return (
      <div className="review-main">
        <ErrorState error={error} onRetry={onNext} />
      </div>
    );
  }
  return (
    <div className="review-main">
      <EmptyState
        title={
          done
            ? plural(done, { one: 'All done: # run reviewed', other: 'All done: # runs reviewed' })
            : t`No runs wait for review`
        }
        action={
          <>
            {waitingNow > 0 ? (
              <button type="button" className="button button--primary" onClick={onNext}>
                {plural(waitingNow, {
                  one: 'Review the next run (# run waiting)',
                  other: 'Review the next run (# runs waiting)',
                })}
              </button>
            ) : null}
            <Link to="/" className="button">
              <Trans>Back to runs</Trans>
            </Link>
          </>
        }
      >
        <Trans>New runs of {agentName} that need a person appear here.</Trans>
        <OthersReviewing names={othersReviewing} />
        <OutsideComeBack outside={outside} />
        <Untasked count={untasked} />
      </EmptyState>
    </div>
  );
}

/** The runs in review outside this console, and when the first comes back to this queue. */
function OutsideComeBack({ outside }: { outside: { count: number; backAt: string } | null }) {
  if (!outside) return null;
  const { count, backAt } = outside;
  return (
    <>
      {' '}
      <Trans>
        <Plural
          value={count}
          one="One run is in review outside this console; unless finished there, it comes back to this queue at"
          other="# runs are in review outside this console; unless finished there, the first comes back to this queue at"
        />{' '}
        <DateTime value={backAt} mode="clock" />.
      </Trans>
    </>
  );
}

/** The runs waiting that name no validation task: they cannot be reviewed here, only archived. */
function Untasked({ count }: { count: number }) {
  if (!count) return null;
  return (
    <>
      {' '}
      {plural(count, {
        one: '# run waiting names no validation task and cannot be reviewed here: open it from the list to archive it.',
        other:
          '# runs waiting name no validation task and cannot be reviewed here: open them from the list to archive them.',
      })}
    </>
  );
}

/** " Ann and Bo are reviewing the rest." — the other reviewers at work on this queue, if any. */
function OthersReviewing({ names }: { names: string[] }) {
  if (!names.length) return null;
  const reviewers = formatList(names);
  const reviewerCount = names.length;
  return (
    <>
      {' '}
      {plural(reviewerCount, {
        one: `${reviewers} is reviewing the rest.`,
        other: `${reviewers} are reviewing the rest.`,
      })}
    </>
  );
}

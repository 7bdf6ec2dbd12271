import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { archiveAgentRun } from '@/api/agent-run-actions';
import { documentQueryOptions } from '@/api/documents';
import { modelQueryOptions } from '@/api/models';
import { useOrganizationScope } from '@/api/organization-scope';
import {
  reviewHoldQueryOptions,
  reviewKeys,
  reviewRefusalOf,
  reviewRunQueryOptions,
  reviewTaskQueryOptions,
  type ReviewConfirmation,
} from '@/api/review';
import { validationQueryOptions } from '@/api/validations';
import { ErrorState, LoadingState } from '@/components/states';
import type { GroundTruthEntry } from '@/contract';
import { DEFAULT_THRESHOLD, labelsFromFieldConfig } from '@/widgets/ground-truth/ground-truth-rows';
import { entriesFromPredictions, thresholdFromConfig } from './review-fields';
import { ReviewEditor } from './review-editor';
import { RunNotOpen } from './run-not-open';
import { RunRefused } from './run-refused';
import { unsentEntries } from './unsent-confirmations';
import { useGiveBackWhenLeft, useKeepHoldAlive, useSlow } from './use-review-hold';

type ReviewRunProps = {
  agentId: string;
  runId: string;
  /** The operator may review (take, confirm, skip, reject); otherwise the run is shown read-only. */
  canReview: boolean;
  /** The operator may release another reviewer's hold or take the run over (admins). */
  canManageHolds: boolean;
  holdRules: { holdMs: number; keepAliveMs: number };
  /** The agent's holds as last listed (all reviewers'): when (the BFF's time), and whether they name this run ours. */
  listed: { at: string; mine: boolean } | null;
  position: { position: number; total: number };
  /** Moves on: `finished` when this run was decided; `skip` when the sitting should not offer it again. */
  onDone: (finished: boolean, skip?: boolean) => Promise<void>;
  /** Confirm: the sitting writes it in the background and moves on at once. */
  onConfirm: (confirmation: ReviewConfirmation) => void;
};

/** Takes a run for review (the BFF records who holds it), keeps the hold alive, and shows its document and fields. */
export function ReviewRun(props: ReviewRunProps) {
  const { agentId, runId, canReview, canManageHolds, holdRules, position, onDone, onConfirm } = props;
  const { hold, slowTake, ended, leave, takeAgain } = useRunHold(props);
  const queries = useReviewRunQueries(agentId, runId);
  const slowLoad = useSlow(queries.loading);

  // A hold cached from before (stale since a review write) is asked again when its run opens: wait for the answer.
  if (canReview && (hold.isPending || (hold.isFetching && hold.isStale))) {
    return slowTake ? (
      <SlowAnswer
        message={t`It has not handed this run over for review after 5 seconds. It may still answer; try again, or open the next run and come back to this one later.`}
        onRetry={takeAgain}
        onDone={onDone}
      />
    ) : (
      <Pending label={t`Taking the run for review…`} />
    );
  }
  if (canReview && hold.isError) {
    const refusal = reviewRefusalOf(hold.error);
    if (!refusal) return <Failed error={hold.error} onRetry={takeAgain} />;
    return (
      <RunRefused
        agentId={agentId}
        runId={runId}
        refusal={refusal}
        canManageHolds={canManageHolds}
        onDone={onDone}
        onArchive={async () => {
          await archiveAgentRun(agentId, runId);
          await onDone(false, true);
        }}
      />
    );
  }
  if (ended) {
    return <HoldEnded holdMs={holdRules.holdMs} onTakeAgain={takeAgain} onDone={onDone} />;
  }
  if (queries.loading) {
    return slowLoad ? (
      <SlowAnswer
        message={t`It has not sent this run after 5 seconds. It may still answer; try again, or open the next run and come back to this one later.`}
        onRetry={queries.retry}
        onDone={onDone}
      />
    ) : (
      <Pending label={t`Opening the run…`} />
    );
  }
  if (queries.error) return <Failed error={queries.error} onRetry={queries.retry} />;

  const { task, document, validation, model, taskRef, documentId } = queries;
  const input = task?.input ?? null;

  return (
    <ReviewEditor
      agentId={agentId}
      runId={runId}
      documentId={documentId}
      document={document ?? null}
      initial={initialEntries(runId, input, document)}
      issues={input?.issues ?? []}
      threshold={thresholdFromConfig(validation?.config, DEFAULT_THRESHOLD)}
      labelOptions={labelsFromFieldConfig(model?.fieldConfig)}
      task={canReview ? taskRef : null}
      hold={hold.data ?? null}
      readOnly={!canReview}
      position={position}
      onDone={async (finished) => {
        leave.decided();
        await onDone(finished);
      }}
      onConfirm={(confirmation) => {
        leave.decided();
        onConfirm(confirmation);
      }}
    />
  );
}

/**
 * This operator's hold on the run (taken when the run opens, if they may review), kept alive and given back when they
 * leave undecided; `ended` once it lapsed or the team's list no longer names it theirs.
 */
function useRunHold({
  agentId,
  runId,
  canReview,
  holdRules,
  listed,
}: Pick<ReviewRunProps, 'agentId' | 'runId' | 'canReview' | 'holdRules' | 'listed'>) {
  const org = useOrganizationScope();
  const queryClient = useQueryClient();
  const hold = useQuery({ ...reviewHoldQueryOptions(org, agentId, runId), enabled: canReview });
  const slowTake = useSlow(hold.isFetching);
  const lapsed = useKeepHoldAlive(hold.data, holdRules);
  // The team's list, read after this hold was taken, no longer names it ours: it lapsed or was taken over.
  const ended =
    lapsed || Boolean(hold.data?.mine && listed && Date.parse(listed.at) > Date.parse(hold.data.since) && !listed.mine);
  const leave = useGiveBackWhenLeft(hold.data?.mine && !ended ? runId : null, () => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.holds(org, agentId) });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.hold(org, runId), refetchType: 'none' });
  });
  const takeAgain = () => void queryClient.resetQueries({ queryKey: reviewKeys.hold(org, runId) });
  return { hold, slowTake, ended, leave, takeAgain };
}

/** Where the editor starts: corrections confirmed here whose write failed, as they were confirmed; else the predictions. */
function initialEntries(
  runId: string,
  input: { predictions: Parameters<typeof entriesFromPredictions>[0] } | null,
  document: { groundTruth?: GroundTruthEntry[] | null } | undefined,
): GroundTruthEntry[] {
  return (
    unsentEntries(runId) ??
    (input?.predictions.length ? entriesFromPredictions(input.predictions) : (document?.groundTruth ?? []))
  );
}

/** The run and what reviewing it needs: its validation task, document, validation (threshold) and model (labels). */
function useReviewRunQueries(agentId: string, runId: string) {
  const org = useOrganizationScope();
  const run = useQuery(reviewRunQueryOptions(org, agentId, runId));
  const variables = run.data?.variables;
  const validationId = variables?.validationId ?? null;
  const taskId = variables?.validationTaskId ?? null;
  const documentId = variables?.documentId ?? null;
  const modelId = variables?.modelId ?? null;
  const task = useQuery({
    ...reviewTaskQueryOptions(org, validationId ?? '', taskId ?? ''),
    enabled: Boolean(validationId && taskId),
  });
  const document = useQuery({ ...documentQueryOptions(org, documentId ?? ''), enabled: Boolean(documentId) });
  const validation = useQuery({ ...validationQueryOptions(org, validationId ?? ''), enabled: Boolean(validationId) });
  const model = useQuery({ ...modelQueryOptions(org, modelId ?? ''), enabled: Boolean(modelId) });
  const loading =
    run.isPending || (Boolean(validationId && taskId) && task.isPending) || (Boolean(documentId) && document.isPending);
  return {
    loading,
    error: run.error ?? task.error ?? document.error,
    retry: () => {
      void run.refetch();
      if (validationId && taskId) void task.refetch();
      if (documentId) void document.refetch();
    },
    run: run.data,
    task: task.data,
    document: document.data,
    validation: validation.data,
    model: model.data,
    taskRef: validationId && taskId ? { validationId, taskId } : null,
    documentId,
  };
}

function Pending({ label }: { label: string }) {
  return (
    <div className="review-main">
      <LoadingState label={label} />
    </div>
  );
}

function Failed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="review-main">
      <ErrorState error={error} onRetry={onRetry} />
    </div>
  );
}

function HoldEnded({
  holdMs,
  onTakeAgain,
  onDone,
}: {
  holdMs: number;
  onTakeAgain: () => void;
  onDone: ReviewRunProps['onDone'];
}) {
  const minutes = Math.round(holdMs / 60_000);
  return (
    <RunNotOpen
      title={t`Your hold on this run has ended`}
      onDone={onDone}
      alsoOffer={
        <button type="button" className="button" onClick={onTakeAgain}>
          <Trans>Take it again</Trans>
        </button>
      }
    >
      {plural(minutes, {
        one: 'It went back to the queue after # minute without activity, or an administrator took it over. Corrections you had not confirmed are not saved.',
        other:
          'It went back to the queue after # minutes without activity, or an administrator took it over. Corrections you had not confirmed are not saved.',
      })}
    </RunNotOpen>
  );
}

/** A take or load that has not answered within a few seconds: says so (`message`), and offers to ask again or move on. */
function SlowAnswer({
  message,
  onRetry,
  onDone,
}: {
  message: string;
  onRetry: () => void;
  onDone: ReviewRunProps['onDone'];
}) {
  return (
    <RunNotOpen
      title={t`The service is taking long to answer`}
      onDone={onDone}
      alsoOffer={
        <button type="button" className="button" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      }
    >
      {message}
    </RunNotOpen>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { documentQueryOptions } from '@/api/documents';
import { explainError, isApiError } from '@/api/errors';
import { modelQueryOptions } from '@/api/models';
import {
  reviewRunQueryOptions,
  reviewTaskQueryOptions,
  useTakeReviewTask,
  type ReviewConfirmation,
} from '@/api/review';
import { validationQueryOptions } from '@/api/validations';
import { DateTime } from '@/components/date-time';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { REVIEW_STATUSES, type GroundTruthEntry } from '@/contract';
import { DEFAULT_THRESHOLD, labelsFromFieldConfig } from '@/widgets/ground-truth/ground-truth-rows';
import { entriesFromPredictions, thresholdFromConfig } from './review-fields';
import { ReviewEditor } from './review-editor';
import { forgetTaken, isTakenHere, rememberTaken } from './taken-runs';
import { unsentEntries } from './unsent-confirmations';
import { useOrganizationScope } from '@/api/organization-scope';

type ReviewRunProps = {
  agentId: string;
  runId: string;
  readOnly: boolean;
  position: { position: number; total: number };
  onDone: (finished: boolean) => Promise<void>;
  /** Confirm: the sitting writes it in the background and moves on at once. */
  onConfirm: (confirmation: ReviewConfirmation) => void;
};

/** Loads a run, takes its task (so nobody else reviews it), and shows its document and fields. */
export function ReviewRun({ agentId, runId, readOnly, position, onDone, onConfirm }: ReviewRunProps) {
  const { run, task, document, validation, model, validationId, taskId, documentId } = useReviewRunQueries(
    agentId,
    runId,
  );
  const status = run.data?.run.status;
  const take = useTakeForReview({ runId, status, validationId, taskId, readOnly });
  const [takeOver, setTakeOver] = useState(false);

  if (run.isPending)
    return (
      <div className="review-main">
        <LoadingState label="Opening the run…" />
      </div>
    );
  if (run.isError)
    return (
      <div className="review-main">
        <ErrorState error={run.error} onRetry={() => void run.refetch()} />
      </div>
    );
  if (take.isError) {
    const taken = isApiError(take.error, 409);
    return (
      <RunNotOpen
        title={taken ? 'Another reviewer has this run' : 'This run could not be taken for review'}
        onDone={onDone}
      >
        {taken ? 'Its validation task is already in progress.' : explainError(take.error).detail}
      </RunNotOpen>
    );
  }
  const reviewable = status !== undefined && REVIEW_STATUSES.includes(status);
  if (!reviewable) {
    return (
      <RunNotOpen title={`This run is ${status}`} onDone={onDone}>
        Only runs waiting for review or in review can be reviewed here.
      </RunNotOpen>
    );
  }
  if (status === 'review-in-progress' && !readOnly && !takeOver && !isTakenHere(runId)) {
    return (
      <RunNotOpen
        title="Another reviewer has this run"
        onDone={onDone}
        alsoOffer={
          <button
            type="button"
            className="button"
            onClick={() => {
              rememberTaken(runId);
              setTakeOver(true);
            }}
          >
            Review it anyway
          </button>
        }
      >
        Its validation task is in progress, taken in another session{' '}
        <DateTime value={run.data.run.updatedTime ?? run.data.run.createdTime} />. Review it anyway only if that
        reviewer has stopped.
      </RunNotOpen>
    );
  }
  if ((validationId && taskId && task.isPending) || (documentId && document.isPending)) {
    return (
      <div className="review-main">
        <LoadingState label="Opening the run…" />
      </div>
    );
  }
  if (task.isError || document.isError) {
    return (
      <div className="review-main">
        <ErrorState
          error={task.error ?? document.error}
          onRetry={() => {
            void task.refetch();
            void document.refetch();
          }}
        />
      </div>
    );
  }

  const input = task.data?.input ?? null;
  // Corrections confirmed here whose write failed come back as they were confirmed.
  const initial: GroundTruthEntry[] =
    unsentEntries(runId) ??
    (input?.predictions.length ? entriesFromPredictions(input.predictions) : (document.data?.groundTruth ?? []));

  return (
    <ReviewEditor
      agentId={agentId}
      runId={runId}
      documentId={documentId}
      document={document.data ?? null}
      initial={initial}
      issues={input?.issues ?? []}
      threshold={thresholdFromConfig(validation.data?.config, DEFAULT_THRESHOLD)}
      labelOptions={labelsFromFieldConfig(model.data?.fieldConfig)}
      task={validationId && taskId ? { validationId, taskId } : null}
      readOnly={readOnly}
      taking={status === 'ready-for-review' && !readOnly}
      position={position}
      onDone={onDone}
      onConfirm={onConfirm}
    />
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
  return { run, task, document, validation, model, validationId, taskId, documentId };
}

/** Takes a run waiting for review once (its task goes in-progress; 409 when another reviewer has it). */
function useTakeForReview({
  runId,
  status,
  validationId,
  taskId,
  readOnly,
}: {
  runId: string;
  status: string | undefined;
  validationId: string | null;
  taskId: string | null;
  readOnly: boolean;
}) {
  const take = useTakeReviewTask();
  const attempted = useRef(false);
  useEffect(() => {
    if (readOnly || attempted.current || status !== 'ready-for-review' || !validationId || !taskId) return;
    attempted.current = true;
    // Remembered before the answer: the take's own refetch brings the run back in review before onSuccess here,
    // and this tab must not read that as another reviewer's hold (which swapped the editor out and back).
    rememberTaken(runId);
    // Its success refetches this run (api/review.ts), which then reads review-in-progress.
    take.mutate({ validationId, taskId }, { onError: () => forgetTaken(runId) });
  }, [readOnly, status, validationId, taskId, take, runId]);
  return take;
}

/** Why this run is not opened for review, and the way on to the next. */
function RunNotOpen({
  title,
  onDone,
  alsoOffer,
  children,
}: {
  title: string;
  onDone: (finished: boolean) => Promise<void>;
  alsoOffer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="review-main">
      <EmptyState
        title={title}
        action={
          <>
            <button type="button" className="button button--primary" onClick={() => void onDone(false)}>
              Open the next run
            </button>
            {alsoOffer}
          </>
        }
      >
        {children}
      </EmptyState>
    </div>
  );
}

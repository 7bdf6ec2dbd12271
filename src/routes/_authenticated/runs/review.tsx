import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, redirect, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { documentQueryOptions } from '../../../api/documents';
import { explainError, isApiError } from '../../../api/errors';
import { modelQueryOptions } from '../../../api/models';
import {
  reviewAgentsQueryOptions, reviewHeldQueryOptions, reviewQueueQueryOptions, reviewRunQueryOptions, reviewTaskQueryOptions, useConfirmReview,
  useRejectReview, useReleaseReviewTask, useTakeReviewTask,
} from '../../../api/review';
import { validationQueryOptions } from '../../../api/validations';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateTime } from '../../../components/date-time';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes';
import { PageHeader } from '../../../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { agentIdSchema, runIdSchema, type Document, type GroundTruthEntry, type ValidationIssue } from '../../../contract';
import { GroundTruthWorkspace } from '../../../widgets/ground-truth/ground-truth-workspace';
import { DEFAULT_THRESHOLD, labelsFromFieldConfig } from '../../../widgets/ground-truth/ground-truth-rows';
import { useGroundTruthDraft } from '../../../widgets/ground-truth/use-ground-truth-draft';
import { entriesFromPredictions, notesByLabel, reviewPosition, thresholdFromConfig } from '../../../features/review/review-fields';
import { ReviewQueue } from '../../../features/review/review-queue';
import { forgetTaken, isTakenHere, rememberTaken } from '../../../features/review/taken-runs';

const searchSchema = z.object({
  agentId: agentIdSchema.optional().catch(undefined),
  runId: runIdSchema.optional().catch(undefined),
});

export const Route = createFileRoute('/_authenticated/runs/review')({
  staticData: { crumb: 'Review' },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    if (!deps.agentId) {
      await context.queryClient.ensureQueryData(reviewAgentsQueryOptions());
      return;
    }
    const queue = await context.queryClient.ensureQueryData(reviewQueueQueryOptions(deps.agentId));
    // Opening an agent's queue opens its oldest waiting run.
    if (!deps.runId && queue.runs[0]) {
      throw redirect({ to: '/runs/review', search: { agentId: deps.agentId, runId: queue.runs[0].runId }, replace: true });
    }
  },
  component: ReviewRoute,
});

function ReviewRoute() {
  const { agentId, runId } = Route.useSearch();
  if (!agentId) return <AgentPicker />;
  return <ReviewSitting key={agentId} agentId={agentId} runId={runId ?? null} />;
}

function AgentPicker() {
  const { data } = useSuspenseQuery(reviewAgentsQueryOptions());
  return (
    <div className="page">
      <PageHeader title="Review" description="Choose an agent to work through the runs waiting for review." />
      {data.agents.length === 0 ? (
        <EmptyState title="No agents">Agent runs appear for review once an agent with a validation runs.</EmptyState>
      ) : (
        <ul className="review-agents">
          {data.agents.map((agent) => (
            <li key={agent.agentId}>
              <Link to="/runs/review" search={{ agentId: agent.agentId }}>{agent.name || agent.agentId}</Link>
              {agent.description ? <span className="muted"> — {agent.description}</span> : null}
              <WaitingCount agentId={agent.agentId} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** How many runs wait in an agent's queue (the same query the sitting opens with, so it is cached for it). */
function WaitingCount({ agentId }: { agentId: string }) {
  const queue = useQuery(reviewQueueQueryOptions(agentId));
  if (!queue.data) return null;
  const count = queue.data.runs.length;
  const text = count === 0 ? 'nothing waiting' : `${count}${queue.data.nextToken ? '+' : ''} waiting`;
  return <span className={`review-agents__count${count ? ' review-agents__count--some' : ''}`}>{text}</span>;
}

/** One sitting on an agent's queue: counts the runs confirmed so far ("3 of 12"). */
function ReviewSitting({ agentId, runId }: { agentId: string; runId: string | null }) {
  const navigate = useNavigate({ from: Route.fullPath });
  const queryClient = useQueryClient();
  const { session } = Route.useRouteContext();
  const readOnly = session.operator.role !== 'admin';
  const { data: queue } = useSuspenseQuery(reviewQueueQueryOptions(agentId));
  const held = useQuery(reviewHeldQueryOptions(agentId));
  const heldElsewhere = held.data?.runs.filter((run) => run.runId !== runId).length ?? 0;
  const agents = useQuery(reviewAgentsQueryOptions());
  const agentName = agents.data?.agents.find((a) => a.agentId === agentId)?.name || agentId;
  const [done, setDone] = useState(0);
  const waiting = queue.runs.filter((run) => run.runId !== runId).length;
  const position = reviewPosition(done, waiting, runId !== null);

  /** The next waiting run after this one, from a fresh queue. */
  const openNext = async (finished: boolean) => {
    if (finished) setDone((n) => n + 1);
    const fresh = await queryClient.fetchQuery({ ...reviewQueueQueryOptions(agentId), staleTime: 0 });
    const next = fresh.runs.find((run) => run.runId !== runId);
    await navigate({ search: { agentId, runId: next?.runId }, replace: false });
  };

  return (
    <div className="review-page">
      <ReviewQueue agentId={agentId} agentName={agentName} runs={queue.runs} held={held.data?.runs ?? []} currentRunId={runId} position={position} />
      {runId ? (
        <ReviewRun key={runId} agentId={agentId} runId={runId} readOnly={readOnly} position={position} onDone={openNext} />
      ) : (
        <div className="review-main">
          <EmptyState
            title={done ? `All done: ${done} ${done === 1 ? 'run' : 'runs'} reviewed` : 'No runs wait for review'}
            action={<Link to="/" className="button">Back to runs</Link>}
          >
            New runs of {agentName} that need a person appear here.
            {heldElsewhere ? ` ${heldElsewhere} ${heldElsewhere === 1 ? 'run is' : 'runs are'} in review: open one from the list to take it over if its reviewer has stopped.` : ''}
          </EmptyState>
        </div>
      )}
    </div>
  );
}

type ReviewRunProps = {
  agentId: string;
  runId: string;
  readOnly: boolean;
  position: { position: number; total: number };
  onDone: (finished: boolean) => Promise<void>;
};

/** Loads a run, takes its task (so nobody else reviews it), and shows its document and fields. */
function ReviewRun({ agentId, runId, readOnly, position, onDone }: ReviewRunProps) {
  const run = useQuery(reviewRunQueryOptions(agentId, runId));
  const variables = run.data?.variables;
  const validationId = variables?.validationId ?? null;
  const taskId = variables?.validationTaskId ?? null;
  const documentId = variables?.documentId ?? null;
  const modelId = variables?.modelId ?? null;
  const task = useQuery({ ...reviewTaskQueryOptions(validationId ?? '', taskId ?? ''), enabled: Boolean(validationId && taskId) });
  const document = useQuery({ ...documentQueryOptions(documentId ?? ''), enabled: Boolean(documentId) });
  const validation = useQuery({ ...validationQueryOptions(validationId ?? ''), enabled: Boolean(validationId) });
  const model = useQuery({ ...modelQueryOptions(modelId ?? ''), enabled: Boolean(modelId) });

  // Taking the run: its task goes in-progress (409 when another reviewer has it).
  const take = useTakeReviewTask();
  const attempted = useRef(false);
  const status = run.data?.run.status;
  useEffect(() => {
    if (readOnly || attempted.current || status !== 'ready-for-review' || !validationId || !taskId) return;
    attempted.current = true;
    take.mutate({ validationId, taskId }, {
      onSuccess: () => {
        rememberTaken(runId);
        void run.refetch();
      },
    });
  }, [readOnly, status, validationId, taskId, take, run, runId]);
  const [takeOver, setTakeOver] = useState(false);

  if (run.isPending) return <div className="review-main"><LoadingState label="Opening the run…" /></div>;
  if (run.isError) return <div className="review-main"><ErrorState error={run.error} onRetry={() => void run.refetch()} /></div>;
  if (take.isError) {
    const taken = isApiError(take.error, 409);
    return (
      <div className="review-main">
        <EmptyState
          title={taken ? 'Another reviewer has this run' : 'This run could not be taken for review'}
          action={<button type="button" className="button button--primary" onClick={() => void onDone(false)}>Open the next run</button>}
        >
          {taken ? 'Its validation task is already in progress.' : explainError(take.error).detail}
        </EmptyState>
      </div>
    );
  }
  const reviewable = status === 'ready-for-review' || status === 'review-in-progress';
  if (!reviewable) {
    return (
      <div className="review-main">
        <EmptyState
          title={`This run is ${status}`}
          action={<button type="button" className="button button--primary" onClick={() => void onDone(false)}>Open the next run</button>}
        >
          Only runs waiting for review or in review can be reviewed here.
        </EmptyState>
      </div>
    );
  }
  if (status === 'review-in-progress' && !readOnly && !takeOver && !isTakenHere(runId)) {
    return (
      <div className="review-main">
        <EmptyState
          title="Another reviewer has this run"
          action={
            <>
              <button type="button" className="button button--primary" onClick={() => void onDone(false)}>Open the next run</button>
              <button type="button" className="button" onClick={() => { rememberTaken(runId); setTakeOver(true); }}>Review it anyway</button>
            </>
          }
        >
          Its validation task is in progress, taken in another session{' '}
          <DateTime value={run.data.run.updatedTime ?? run.data.run.createdTime} />. Review it anyway only if that reviewer has stopped.
        </EmptyState>
      </div>
    );
  }
  if ((validationId && taskId && task.isPending) || (documentId && document.isPending) || (status === 'ready-for-review' && !readOnly)) {
    return <div className="review-main"><LoadingState label="Taking the run for review…" /></div>;
  }
  if (task.isError || document.isError) {
    return <div className="review-main"><ErrorState error={task.error ?? document.error} onRetry={() => { void task.refetch(); void document.refetch(); }} /></div>;
  }

  const input = task.data?.input ?? null;
  const initial: GroundTruthEntry[] = input?.predictions.length
    ? entriesFromPredictions(input.predictions)
    : (document.data?.groundTruth ?? []);

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
      position={position}
      onDone={onDone}
    />
  );
}

type ReviewEditorProps = {
  agentId: string;
  runId: string;
  documentId: string | null;
  document: Document | null;
  initial: GroundTruthEntry[];
  issues: ValidationIssue[];
  threshold: number;
  labelOptions: string[];
  task: { validationId: string; taskId: string } | null;
  readOnly: boolean;
  position: { position: number; total: number };
  onDone: (finished: boolean) => Promise<void>;
};

function ReviewEditor(props: ReviewEditorProps) {
  const { agentId, runId, documentId, document, initial, issues, threshold, labelOptions, task, readOnly, position, onDone } = props;
  const draft = useGroundTruthDraft(initial);
  const notes = useMemo(() => notesByLabel(issues), [issues]);
  const confirm = useConfirmReview();
  const release = useReleaseReviewTask();
  const reject = useRejectReview();
  const [error, setError] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const [reason, setReason] = useState('');
  // Set while moving on after Confirm/Skip/Reject, so the guard does not ask about edits that were just handled.
  const leaving = useRef(false);
  const busy = confirm.isPending || release.isPending || reject.isPending;

  const moveOn = async (finished: boolean) => {
    leaving.current = true;
    try {
      await onDone(finished);
    } finally {
      leaving.current = false;
    }
  };

  const onConfirm = async () => {
    if (!task || busy || readOnly) return;
    setError(null);
    try {
      await confirm.mutateAsync({ task, documentId, groundTruth: draft.entries });
      forgetTaken(runId);
      draft.markSaved();
      await moveOn(true);
    } catch (e) {
      const { title, detail } = explainError(e);
      setError(`${title}: ${detail}`);
    }
  };

  const onSkip = async () => {
    if (!task || busy) return;
    setError(null);
    try {
      await release.mutateAsync(task);
      forgetTaken(runId);
      await moveOn(false);
    } catch (e) {
      const { title, detail } = explainError(e);
      setError(`${title}: ${detail}`);
    }
  };

  const header = (
    <div className="review-bar gt-tabs">
      <p className="review-bar__meta">
        <strong>Run {position.position} of {position.total}</strong>
        <span className="review-bar__id" title={`${agentId}/${runId}`}>run …{runId.slice(-8)}</span>
        {document ? <span>{document.name || document.documentId}</span> : <span>No document</span>}
      </p>
      {issues.length > 0 && (
        <details className="review-issues" role="note">
          <summary>{issues.length} {issues.length === 1 ? 'issue' : 'issues'} found by the validation (marked on the fields)</summary>
          <ul>{issues.map((issue, i) => <li key={i}>{issue.message}</li>)}</ul>
        </details>
      )}
    </div>
  );

  const footer = (
    <div className="review-actions">
      <span className="review-actions__status" role="status">
        {busy ? 'Working…' : draft.dirty ? `${draft.changes.length} ${draft.changes.length === 1 ? 'correction' : 'corrections'}` : 'No corrections'}
      </span>
      {!readOnly && task && (
        <>
          <button type="button" className="button button--ghost" onClick={() => setRejecting(true)} disabled={busy}>Reject</button>
          <button type="button" className="button" onClick={() => (draft.dirty ? setSkipping(true) : void onSkip())} disabled={busy}>Skip</button>
          <button type="button" className="button button--primary" onClick={() => void onConfirm()} disabled={busy} aria-keyshortcuts="Control+S Meta+S">
            Confirm
          </button>
        </>
      )}
      {error && <p className="review-actions__error" role="alert">{error}</p>}
    </div>
  );

  return (
    <div className="review-main">
      <UnsavedChangesGuard when={draft.dirty && !readOnly} submittingRef={leaving} />
      <GroundTruthWorkspace
        fileUrl={document?.fileUrl}
        contentType={document?.contentType}
        documentName={document?.name || document?.documentId || 'Document'}
        draft={draft}
        threshold={threshold}
        labelOptions={labelOptions}
        notes={notes}
        readOnly={readOnly}
        onSave={() => void onConfirm()}
        saveVerb="confirm"

        panelHeader={header}
        editorFooter={footer}
      />
      <ConfirmDialog
        open={skipping}
        onOpenChange={setSkipping}
        title="Skip this run and discard your corrections?"
        description={`The run goes back to the queue for someone else; your ${draft.changes.length} ${draft.changes.length === 1 ? 'correction is' : 'corrections are'} not kept.`}
        confirmLabel="Skip and discard"
        tone="danger"
        onConfirm={onSkip}
      />
      <ConfirmDialog
        open={rejecting}
        onOpenChange={(open) => { setRejecting(open); if (!open) setReason(''); }}
        title="Reject this run?"
        description="Its validation task fails with your reason and the run moves to error. Nothing is saved to the document."
        confirmLabel="Reject run"
        tone="danger"
        onConfirm={async () => {
          if (!task) return;
          await reject.mutateAsync({ task, reason: reason.trim() || 'Rejected in review' });
          forgetTaken(runId);
          leaving.current = true;
          await moveOn(true);
        }}
      >
        <label className="field">
          <span className="field__label">Reason</span>
          <input className="input" value={reason} onChange={(e) => setReason(e.target.value)} placeholder="e.g. Duplicate of an invoice already paid" />
        </label>
      </ConfirmDialog>
    </div>
  );
}

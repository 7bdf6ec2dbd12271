import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMemo, useRef, useState } from 'react';
import { explainError } from '@/api/errors';
import { useRejectReview, useSkipReview, type ReviewConfirmation, type ReviewHold } from '@/api/review';
import { DateTime } from '@/components/date-time';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes';
import type { Document, GroundTruthEntry, ValidationIssue } from '@/contract';
import { formatNumber } from '@/i18n/format';
import { GroundTruthWorkspace } from '@/widgets/ground-truth/ground-truth-workspace';
import { useGroundTruthDraft } from '@/widgets/ground-truth/use-ground-truth-draft';
import { notesByLabel } from './review-fields';

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
  /** This reviewer's hold on the run (null when read-only). */
  hold: ReviewHold | null;
  position: { position: number; total: number };
  onDone: (finished: boolean) => Promise<void>;
  onConfirm: (confirmation: ReviewConfirmation) => void;
};

export function ReviewEditor(props: ReviewEditorProps) {
  const { agentId, runId, document, initial, issues, threshold, labelOptions, task, readOnly, hold, position } = props;
  const draft = useGroundTruthDraft(initial);
  const notes = useMemo(() => notesByLabel(issues), [issues]);
  const [rejecting, setRejecting] = useState(false);
  const [skipping, setSkipping] = useState(false);
  const { busy, error, leaving, onConfirm, onSkip, onReject } = useReviewDecisions(props, draft);

  const header = (
    <ReviewBar agentId={agentId} runId={runId} document={document} issues={issues} position={position} hold={hold} />
  );
  const footer = (
    <ReviewActions
      status={busy ? t`Working…` : correctionsText(draft)}
      canDecide={!readOnly && task !== null}
      busy={busy}
      error={error}
      onReject={() => setRejecting(true)}
      onSkip={() => (draft.dirty ? setSkipping(true) : void onSkip())}
      onConfirm={onConfirm}
    />
  );

  return (
    <div className="review-main">
      <UnsavedChangesGuard when={draft.dirty && !readOnly} submittingRef={leaving} />
      <GroundTruthWorkspace
        fileUrl={document?.fileUrl}
        ocrFileUrl={document?.ocrFileUrl}
        contentType={document?.contentType}
        documentName={document?.name || document?.documentId || t`Document`}
        draft={draft}
        threshold={threshold}
        labelOptions={labelOptions}
        notes={notes}
        canWrite={!readOnly}
        onSave={onConfirm}
        saveVerb="confirm"

        panelHeader={header}
        editorFooter={footer}
      />
      <SkipAndDiscardDialog
        open={skipping}
        onOpenChange={setSkipping}
        corrections={draft.changes.length}
        onSkip={onSkip}
      />
      <RejectRunDialog open={rejecting} onOpenChange={setRejecting} onReject={onReject} />
    </div>
  );
}

function correctionsText({ dirty, changes }: ReturnType<typeof useGroundTruthDraft>): string {
  const corrections = changes.length;
  return dirty ? plural(corrections, { one: '# correction', other: '# corrections' }) : t`No corrections`;
}

/** Skip with corrections made: they are lost, so the reviewer says so first. */
function SkipAndDiscardDialog({
  open,
  onOpenChange,
  corrections,
  onSkip,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  corrections: number;
  onSkip: () => Promise<void>;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Skip this run and discard your corrections?`}
      description={plural(corrections, {
        one: 'The run goes back to the queue for someone else; your # correction is not kept.',
        other: 'The run goes back to the queue for someone else; your # corrections are not kept.',
      })}
      confirmLabel={t`Skip and discard`}
      tone="danger"
      onConfirm={onSkip}
    />
  );
}

/**
 * Confirm (saves the corrections, task succeeded — the sitting writes it in the background), Skip (task back to the
 * queue) and Reject (task failed with a reason), each moving on to the next run; `leaving` is set while moving on, so
 * the unsaved-changes guard does not ask about edits that were just handled.
 */
function useReviewDecisions(
  {
    task,
    runId,
    documentId,
    readOnly,
    onDone,
    onConfirm: confirmAndMoveOn,
  }: Pick<ReviewEditorProps, 'task' | 'runId' | 'documentId' | 'readOnly' | 'onDone' | 'onConfirm'>,
  draft: ReturnType<typeof useGroundTruthDraft>,
) {
  const skip = useSkipReview();
  const reject = useRejectReview();
  const [error, setError] = useState<string | null>(null);
  // Set while moving on after Confirm/Skip/Reject, so the guard does not ask about edits that were just handled.
  const leaving = useRef(false);
  const busy = skip.isPending || reject.isPending;

  const moveOn = async (finished: boolean) => {
    leaving.current = true;
    try {
      await onDone(finished);
    } finally {
      leaving.current = false;
    }
  };

  // The next run opens at once; the sitting writes this one in the background and says so if the write fails.
  const onConfirm = () => {
    if (!task || busy || readOnly) return;
    // The editor goes with this run: no need to mark the draft saved (a re-render of the page) before moving on.
    leaving.current = true;
    confirmAndMoveOn({ runId, task, documentId, groundTruth: draft.entries });
  };

  const onSkip = async () => {
    if (!task || busy) return;
    setError(null);
    try {
      await skip.mutateAsync(runId);
      await moveOn(false);
    } catch (e) {
      const { title, detail } = explainError(e);
      setError(t`${title}: ${detail}`);
    }
  };

  const onReject = async (reason: string) => {
    if (!task) return;
    await reject.mutateAsync({ runId, task, reason: reason.trim() || t`Rejected in review` });
    leaving.current = true;
    await moveOn(true);
  };
  return { busy, error, leaving, onConfirm, onSkip, onReject };
}

/** Which run of the queue this is, its document, and the validation's issues. */
function ReviewBar({
  agentId,
  runId,
  document,
  issues,
  position,
  hold,
}: Pick<ReviewEditorProps, 'agentId' | 'runId' | 'document' | 'issues' | 'position' | 'hold'>) {
  const current = formatNumber(position.position);
  const total = formatNumber(position.total);
  const shortId = `…${runId.slice(-8)}`;
  const issueCount = issues.length;
  return (
    <div className="review-bar gt-tabs">
      <p className="review-bar__meta">
        <strong>
          <Trans>
            Run {current} of {total}
          </Trans>
        </strong>
        <span className="review-bar__id" title={`${agentId}/${runId}`}>
          <Trans>run {shortId}</Trans>
        </span>
        {document ? (
          <span>{document.name || document.documentId}</span>
        ) : (
          <span>
            <Trans>No document</Trans>
          </span>
        )}
        {hold ? <HeldBy hold={hold} /> : null}
      </p>
      {issues.length > 0 && (
        <details className="review-issues">
          <summary>
            {plural(issueCount, {
              one: '# issue found by the validation (marked on the fields)',
              other: '# issues found by the validation (marked on the fields)',
            })}
          </summary>
          <ul>
            {issues.map((issue, i) => (
              <li key={i}>{issue.message}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Who holds the open run and since when: "held by you since 14:05". */
function HeldBy({ hold }: { hold: ReviewHold }) {
  const holder = hold.holder;
  return (
    <span className="review-bar__hold">
      {hold.mine ? (
        <Trans>
          held by you since <DateTime value={hold.since} mode="clock" />
        </Trans>
      ) : (
        <Trans>
          held by {holder} since <DateTime value={hold.since} mode="clock" />
        </Trans>
      )}
    </span>
  );
}

type ReviewActionsProps = {
  status: string;
  /** Reject, Skip and Confirm are offered (the operator may write and the run has a task). */
  canDecide: boolean;
  busy: boolean;
  error: string | null;
  onReject: () => void;
  onSkip: () => void;
  onConfirm: () => void;
};

/** The review's status line, its three decisions and the error of the last one. */
function ReviewActions({ status, canDecide, busy, error, onReject, onSkip, onConfirm }: ReviewActionsProps) {
  return (
    <div className="review-actions">
      <span className="review-actions__status" role="status">
        {status}
      </span>
      {canDecide && (
        <>
          <button type="button" className="button button--ghost" onClick={onReject} disabled={busy}>
            <Trans>Reject</Trans>
          </button>
          <button type="button" className="button" onClick={onSkip} disabled={busy}>
            <Trans>Skip</Trans>
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onConfirm}
            disabled={busy}
            aria-keyshortcuts="Control+S Meta+S"
          >
            <Trans>Confirm</Trans>
          </button>
        </>
      )}
      {error && (
        <p className="review-actions__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Asks for the reason of a rejection (forgotten when the dialog closes). */
function RejectRunDialog({
  open,
  onOpenChange,
  onReject,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReject: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setReason('');
      }}
      title={t`Reject this run?`}
      description={t`Its validation task fails with your reason and the run moves to error. Nothing is saved to the document.`}
      confirmLabel={t`Reject run`}
      tone="danger"
      onConfirm={() => onReject(reason)}
    >
      <label className="field">
        <span className="field__label">
          <Trans>Reason</Trans>
        </span>
        <input
          className="input"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={t`e.g. Duplicate of an invoice already paid`}
        />
      </label>
    </ConfirmDialog>
  );
}

import { plural, t } from '@lingui/core/macro';
import { useState } from 'react';
import { toast } from '@/components/toast';
import { useArchiveAgentRuns, useDeleteAgentRun } from '@/api/agent-run-actions';
import { explainError } from '@/api/errors';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { AgentRun } from '@/contract';
import { formatNumber } from '@/i18n/format';

/** How long the operator can undo an archive before anything is sent. */
export const UNDO_WINDOW_MS = 6000;

/** The archive toast's words for one run: "Archiving run …1a2b3c4d…". */
export function archivingRunText(runId: string): string {
  const shortId = `…${runId.slice(-8)}`;
  return t`Archiving run ${shortId}…`;
}

/**
 * Archive with an undo window: a toast offers Undo for a few seconds and only then are the PATCHes sent, so an undone
 * archive never reaches the service (archiving cannot be reversed there). `archiving` is the toast's whole sentence
 * ("Archiving 3 selected runs…"), written by the caller.
 */
export function useArchiveWithUndo(onArchived?: () => void) {
  const archive = useArchiveAgentRuns();
  return (runs: readonly Pick<AgentRun, 'agentId' | 'runId'>[], archiving: string) => {
    if (runs.length === 0) {
      toast.info(t`No runs to archive`);
      return;
    }
    let cancelled = false;
    const id = toast(archiving, {
      description: t`Nothing is sent until this closes.`,
      duration: UNDO_WINDOW_MS,
      action: {
        label: t`Undo`,
        onClick: () => {
          cancelled = true;
          toast.info(t`Archive undone: nothing was sent`);
        },
      },
    });
    window.setTimeout(() => {
      if (cancelled) return;
      toast.dismiss(id);
      archive.mutate(runs, {
        onSuccess: ({ archived, failed, error }) => {
          if (failed) {
            const archivedCount = formatNumber(archived);
            const failedCount = formatNumber(failed);
            toast.error(t`Archived ${archivedCount}, ${failedCount} failed`, {
              description: explainError(error).detail,
            });
          } else toast.success(plural(archived, { one: 'Archived # run', other: 'Archived # runs' }));
          onArchived?.();
        },
      });
    }, UNDO_WINDOW_MS);
  };
}

/** Delete one run behind a typed confirmation. */
export function useDeleteRunDialog(onDeleted?: () => void) {
  const [run, setRun] = useState<AgentRun | null>(null);
  const remove = useDeleteAgentRun();
  const runId = run?.runId ?? '';
  const element = (
    <ConfirmDialog
      open={run !== null}
      onOpenChange={(open) => {
        if (!open) setRun(null);
      }}
      title={t`Delete this run for good?`}
      description={t`Run ${runId} and its record are removed; this cannot be undone. Archive it instead to keep it for reference.`}
      confirmLabel={t`Delete run`}
      tone="danger"
      typeToConfirm={t`delete`}
      onConfirm={async () => {
        if (!run) return;
        await remove.mutateAsync({ agentId: run.agentId, runId: run.runId });
        toast.success(t`Run deleted`);
        onDeleted?.();
      }}
    />
  );
  return { open: setRun, element };
}

import { useState } from 'react';
import { toast } from '@/components/toast';
import { useArchiveAgentRuns, useDeleteAgentRun } from '@/api/agent-runs';
import { explainError } from '@/api/errors';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { AgentRun } from '@/contract';

/** How long the operator can undo an archive before anything is sent. */
export const UNDO_WINDOW_MS = 6000;

/**
 * Archive with an undo window: a toast offers Undo for a few seconds and only then are the PATCHes sent, so an undone
 * archive never reaches the service (archiving cannot be reversed there).
 */
export function useArchiveWithUndo(onArchived?: () => void) {
  const archive = useArchiveAgentRuns();
  return (runs: readonly Pick<AgentRun, 'agentId' | 'runId'>[], what: string) => {
    if (runs.length === 0) {
      toast.info('No runs to archive');
      return;
    }
    let cancelled = false;
    const id = toast(`Archiving ${what}…`, {
      description: 'Nothing is sent until this closes.',
      duration: UNDO_WINDOW_MS,
      action: {
        label: 'Undo',
        onClick: () => {
          cancelled = true;
          toast.info('Archive undone: nothing was sent');
        },
      },
    });
    window.setTimeout(() => {
      if (cancelled) return;
      toast.dismiss(id);
      archive.mutate(runs, {
        onSuccess: ({ archived, failed, error }) => {
          if (failed)
            toast.error(`Archived ${archived}, ${failed} failed`, { description: explainError(error).detail });
          else toast.success(`Archived ${archived} ${archived === 1 ? 'run' : 'runs'}`);
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
  const element = (
    <ConfirmDialog
      open={run !== null}
      onOpenChange={(open) => {
        if (!open) setRun(null);
      }}
      title="Delete this run for good?"
      description={`Run ${run?.runId ?? ''} and its record are removed; this cannot be undone. Archive it instead to keep it for reference.`}
      confirmLabel="Delete run"
      tone="danger"
      typeToConfirm="delete"
      onConfirm={async () => {
        if (!run) return;
        await remove.mutateAsync({ agentId: run.agentId, runId: run.runId });
        toast.success('Run deleted');
        onDeleted?.();
      }}
    />
  );
  return { open: setRun, element };
}

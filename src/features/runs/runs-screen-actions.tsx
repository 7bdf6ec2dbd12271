/**
 * What the runs page does on an operator's action — archive with undo, delete behind a typed confirmation, archive
 * every matching run — loaded after the page's first paint (the mutations, their toasts and dialogs are not needed to
 * show the runs). The page talks to it through `RunsActionsHandle` (see `useRunsActions` in runs-screen.tsx).
 */
import { plural, t } from '@lingui/core/macro';
import { useImperativeHandle, type Ref } from 'react';
import { fetchAllAgentRuns } from '@/api/agent-run-actions';
import type { AgentRunCountsResult } from '@/api/agent-runs';
import { runsListFilter } from '@/api/runs-filter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { AgentRun, AgentRunStatus } from '@/contract';
import { archivingRunText, useArchiveWithUndo, useDeleteRunDialog } from './run-actions';
import { agentRunStatusLabel } from './run-status';
import { describeFilter } from './runs-filter-sentence';
import type { RunsSearch } from './runs-search';

/** Archives runs with undo; `archiving` is the toast's sentence ("Archiving 2 selected runs…"). */
export type ArchiveRuns = (runs: AgentRun[], archiving: string) => void;

export interface RunsActionsHandle {
  archive: ArchiveRuns;
  archiveRun: (run: AgentRun) => void;
  deleteRun: (run: AgentRun) => void;
}

/** The page's actions: the handle the page calls, and the dialogs they open. */
export function RunsActions({
  ref,
  agentId,
  search,
  counts,
  archiveMatching,
  onArchiveMatchingChange,
}: {
  ref: Ref<RunsActionsHandle>;
  agentId: string;
  search: RunsSearch;
  counts: AgentRunCountsResult | undefined;
  archiveMatching: boolean;
  onArchiveMatchingChange: (open: boolean) => void;
}) {
  const archive = useArchiveWithUndo();
  const deleteDialog = useDeleteRunDialog();
  useImperativeHandle(ref, () => ({
    archive,
    archiveRun: (run) => archive([run], archivingRunText(run.runId)),
    deleteRun: deleteDialog.open,
  }));
  return (
    <>
      <ArchiveMatchingDialog
        open={archiveMatching}
        onOpenChange={onArchiveMatchingChange}
        agentId={agentId}
        search={search}
        counts={counts}
        archive={archive}
      />
      {deleteDialog.element}
    </>
  );
}

/** "Archive all matching…": every run of the agent matching the filters, on all pages, with undo before sending. */
function ArchiveMatchingDialog({
  open,
  onOpenChange,
  agentId,
  search,
  counts,
  archive,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  agentId: string;
  search: RunsSearch;
  counts: AgentRunCountsResult | undefined;
  archive: ArchiveRuns;
}) {
  const filterWords = describeFilter(search, agentRunStatusLabel);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Archive every matching run?`}
      description={t`Every run of this agent that is ${filterWords} — on all pages, not only this one. You can undo for a few seconds before anything is sent.`}
      confirmLabel={t`Archive matching runs`}
      onConfirm={async () => {
        const runs = (await fetchAllAgentRuns(runsListFilter(agentId, search))).filter((r) => r.status !== 'archived');
        const matching = runs.length;
        archive(
          runs,
          plural(matching, { one: `Archiving # run ${filterWords}…`, other: `Archiving # runs ${filterWords}…` }),
        );
      }}
    >
      <p className="runs-confirm-count">{matchingCountText(counts, runsListFilter(agentId, search).statuses)}</p>
    </ConfirmDialog>
  );
}

function matchingCountText(result: AgentRunCountsResult | undefined, statuses: readonly AgentRunStatus[]): string {
  if (!result) return t`Counting the matching runs…`;
  const n = statuses.filter((s) => s !== 'archived').reduce((sum, s) => sum + (result.counts[s] ?? 0), 0);
  if (!result.complete)
    return plural(n, {
      one: 'At least # run will be archived (the service cannot count them all).',
      other: 'At least # runs will be archived (the service cannot count them all).',
    });
  return plural(n, { one: '# run will be archived.', other: '# runs will be archived.' });
}

import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  agentRunCountsQueryOptions,
  agentRunsListQueryOptions,
  fetchAllAgentRuns,
  type AgentRunCountsResult,
} from '@/api/agent-runs';
import { useCapabilities } from '@/api/capabilities';
import { useOrganizationScope } from '@/api/organization-scope';
import { insightSearch, runsCountsParams, runsListFilter, runsPaginationScope } from '@/api/runs-filter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type TableSelection } from '@/components/data-table';
import { EmptyState } from '@/components/states';
import { type Agent, type AgentRun, type AgentRunStatus } from '@/contract';
import { RunFilters } from './run-filters';
import { archivingRunText, useArchiveWithUndo, useDeleteRunDialog } from './run-actions';
import { agentRunStatusLabel } from './run-status';
import { RunTabs } from './run-tabs';
import { runColumns } from './runs-columns';
import { RunsBar } from './runs-bar';
import { useRunsSearchChange } from './runs-route';
import {
  DEFAULT_REFRESH_SECONDS,
  describeFilter,
  RUN_TAB_DEFINITIONS,
  runsListParams,
  runTabLabel,
  type RunsSearch,
} from './runs-search';
import { i18n } from '@/i18n/i18n';
import './runs.css';

export type RunsScreenProps = {
  agents: Agent[];
  agentId: string;
  search: RunsSearch;
};

/** The front page: one agent's runs by tab, status and created time, with archive (undoable) and delete. */
export function RunsScreen({ agents, agentId, search }: RunsScreenProps) {
  const [selectedCount, setSelectedCount] = useState(0);
  const paused = selectedCount > 0;
  const { list, counts, refreshSeconds } = useRunsQueries(agentId, search, paused);
  const archive = useArchiveWithUndo();
  const deleteDialog = useDeleteRunDialog();
  const [archiveMatching, setArchiveMatching] = useState(false);
  return (
    <div className="runs">
      <RunsBar
        agents={agents}
        agentId={agentId}
        refreshSeconds={refreshSeconds}
        paused={paused}
        updatedAt={list.dataUpdatedAt}
        counts={counts.data}
      />

      <RunTabs tab={search.tab ?? 'all'} counts={counts.data} loading={counts.isPending} />

      <RunsTable
        agentId={agentId}
        search={search}
        list={list}
        archive={archive}
        onDelete={deleteDialog.open}
        onSelectedCount={setSelectedCount}
        onArchiveMatching={() => setArchiveMatching(true)}
      />

      <ArchiveMatchingDialog
        open={archiveMatching}
        onOpenChange={setArchiveMatching}
        agentId={agentId}
        search={search}
        counts={counts.data}
        archive={archive}
      />
      {deleteDialog.element}
    </div>
  );
}

/**
 * The page's runs and its counts per status, refreshed every `refresh` seconds of the URL — but not while runs are
 * selected (the rows would move under the operator's hand).
 */
function useRunsQueries(agentId: string, search: RunsSearch, paused: boolean) {
  const org = useOrganizationScope();
  const refreshSeconds = search.refresh ?? DEFAULT_REFRESH_SECONDS;
  const refetchInterval = refreshSeconds > 0 && !paused ? refreshSeconds * 1000 : false;
  const list = useSuspenseQuery({
    ...agentRunsListQueryOptions(org, runsListParams(agentId, search)),
    refetchInterval,
  });
  const counts = useQuery({ ...agentRunCountsQueryOptions(org, runsCountsParams(agentId, search)), refetchInterval });
  return { list, counts, refreshSeconds };
}

/** Archives runs with undo; `archiving` is the toast's sentence ("Archiving 2 selected runs…"). */
type ArchiveRuns = (runs: AgentRun[], archiving: string) => void;

/** The table of the page's runs: filters, pages, order, selection to archive, and what to say when there are none. */
function RunsTable({
  agentId,
  search,
  list: { data, isFetching },
  archive,
  onDelete,
  onSelectedCount,
  onArchiveMatching,
}: {
  agentId: string;
  search: RunsSearch;
  list: { data: { runs: AgentRun[]; nextToken?: string | null }; isFetching: boolean };
  archive: ArchiveRuns;
  onDelete: (run: AgentRun) => void;
  onSelectedCount: (count: number) => void;
  onArchiveMatching: () => void;
}) {
  const { review: canArchive, write: canDelete } = useCapabilities();
  const onSearchChange = useRunsSearchChange();
  const tab = search.tab ?? 'all';
  const columns = runColumns({
    canArchive,
    canDelete,
    onArchive: (r) => archive([r], archivingRunText(r.runId)),
    onDelete,
  });
  const tabName = runTabLabel(tab);
  return (
    <DataTable
      label={t`Runs: ${tabName}`}
      data={data.runs}
      columns={columns}
      getRowId={(r) => r.runId}
      columnsKey="runs"
      toolbar={<RunFilters search={search} />}
      toolbarEnd={
        canArchive && tab !== 'archived' && data.runs.length > 0 ? (
          <button type="button" className="button button--small" onClick={onArchiveMatching}>
            <Trans>Archive all matching…</Trans>
          </button>
        ) : null
      }
      isFetching={isFetching}
      pagination={{
        scope: runsPaginationScope(agentId, search),
        noun: { count: (n) => plural(n, { one: '# run', other: '# runs' }), plural: t`runs` },
        search,
        nextToken: data.nextToken,
        onNavigate: (patch) => onSearchChange((s) => ({ ...s, ...patch })),
      }}
      sorting={{
        value: { id: 'created', desc: search.sort !== 'asc' },
        onChange: (sort) =>
          onSearchChange((s) => ({ ...s, cursor: undefined, sort: sort && !sort.desc ? 'asc' : undefined })),
      }}
      selection={canArchive ? archiveSelection(archive, onSelectedCount) : undefined}
      empty={<NoRuns search={search} />}
    />
  );
}

/** No runs: because of the filters (clear them), or none yet on this tab. */
function NoRuns({ search }: { search: RunsSearch }) {
  const filtered = Boolean(
    search.status || search.outcome || Object.keys(insightSearch(search)).length || search.from || search.to,
  );
  const tabDescribes = i18n._(RUN_TAB_DEFINITIONS[search.tab ?? 'all'].describes);
  return (
    <EmptyState title={filtered ? t`No runs match these filters` : t`No runs ${tabDescribes}`}>
      {filtered ? (
        <Trans>Clear the filters to see more runs.</Trans>
      ) : (
        <Trans>Runs appear here when the agent starts them.</Trans>
      )}
    </EmptyState>
  );
}

/** Selected runs are archived together (with undo); while any are selected the table stops refreshing itself. */
function archiveSelection(archive: ArchiveRuns, onSelectedCount: (count: number) => void): TableSelection<AgentRun> {
  return {
    noun: { count: (n) => plural(n, { one: '# run', other: '# runs' }), plural: t`runs` },
    describe: (r) => `…${r.runId.slice(-8)}`,
    canSelect: (r) => r.status !== 'archived',
    actions: (rows, clear) => (
      <ArchiveSelected rows={rows} clear={clear} archive={archive} onSelectedCount={onSelectedCount} />
    ),
  };
}

/** The bulk action on the selected runs: archive them (with undo), then clear the selection. */
function ArchiveSelected({
  rows,
  clear,
  archive,
  onSelectedCount,
}: {
  rows: AgentRun[];
  clear: () => void;
  archive: ArchiveRuns;
  onSelectedCount: (count: number) => void;
}) {
  const selected = rows.length;
  return (
    <>
      <SelectionReporter count={rows.length} onChange={onSelectedCount} />
      <button
        type="button"
        className="button"
        onClick={() => {
          archive(rows, plural(selected, { one: 'Archiving # selected run…', other: 'Archiving # selected runs…' }));
          clear();
        }}
      >
        {plural(selected, { one: 'Archive # run', other: 'Archive # runs' })}
      </button>
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

/** Tells the page how many rows are selected (the kit keeps selection inside the table). */
function SelectionReporter({ count, onChange }: { count: number; onChange: (count: number) => void }) {
  useEffect(() => {
    onChange(count);
    return () => onChange(0);
  }, [count, onChange]);
  return null;
}

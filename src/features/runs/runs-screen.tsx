import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  agentRunCountsQueryOptions,
  agentRunsListQueryOptions,
  fetchAllAgentRuns,
  type AgentRunCountsResult,
} from '@/api/agent-runs';
import { plural, t } from '@lingui/core/macro';
import { useCapabilities } from '@/api/capabilities';
import { useOrganizationScope } from '@/api/organization-scope';
import { insightSearch, runsCountsParams, runsListFilter, runsPaginationScope } from '@/api/runs-filter';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type TableSelection } from '@/components/data-table';
import { EmptyState } from '@/components/states';
import { type Agent, type AgentRun, type AgentRunStatus } from '@/contract';
import { RunFilters } from './run-filters';
import { useArchiveWithUndo, useDeleteRunDialog } from './run-actions';
import { AGENT_RUN_STATUS_WORDS } from './run-status';
import { RunTabs } from './run-tabs';
import { runColumns } from './runs-columns';
import { RunsBar } from './runs-bar';
import { useRunsSearchChange } from './runs-route';
import {
  DEFAULT_REFRESH_SECONDS,
  describeFilter,
  RUN_TAB_DEFINITIONS,
  runsListParams,
  type RunsSearch,
} from './runs-search';
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

type ArchiveRuns = (runs: AgentRun[], what: string) => void;

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
    onArchive: (r) => archive([r], `run …${r.runId.slice(-8)}`),
    onDelete,
  });
  return (
    <DataTable
      label={`Runs: ${RUN_TAB_DEFINITIONS[tab].label}`}
      data={data.runs}
      columns={columns}
      getRowId={(r) => r.runId}
      columnsKey="runs"
      toolbar={<RunFilters search={search} />}
      toolbarEnd={
        canArchive && tab !== 'archived' && data.runs.length > 0 ? (
          <button type="button" className="button button--small" onClick={onArchiveMatching}>
            Archive all matching…
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
  return (
    <EmptyState
      title={filtered ? 'No runs match these filters' : `No runs ${RUN_TAB_DEFINITIONS[search.tab ?? 'all'].describes}`}
    >
      {filtered ? 'Clear the filters to see more runs.' : 'Runs appear here when the agent starts them.'}
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
      <>
        <SelectionReporter count={rows.length} onChange={onSelectedCount} />
        <button
          type="button"
          className="button"
          onClick={() => {
            archive(rows, `${rows.length} selected ${rows.length === 1 ? 'run' : 'runs'}`);
            clear();
          }}
        >
          Archive {rows.length} {rows.length === 1 ? 'run' : 'runs'}
        </button>
      </>
    ),
  };
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
  const filterWords = describeFilter(search, (s) => AGENT_RUN_STATUS_WORDS[s].label);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Archive every matching run?"
      description={`Every run of this agent that is ${filterWords} — on all pages, not only this one. You can undo for a few seconds before anything is sent.`}
      confirmLabel="Archive matching runs"
      onConfirm={async () => {
        const runs = (await fetchAllAgentRuns(runsListFilter(agentId, search))).filter((r) => r.status !== 'archived');
        archive(runs, `${runs.length} ${runs.length === 1 ? 'run' : 'runs'} ${filterWords}`);
      }}
    >
      <p className="runs-confirm-count">{matchingCountText(counts, runsListFilter(agentId, search).statuses)}</p>
    </ConfirmDialog>
  );
}

function matchingCountText(result: AgentRunCountsResult | undefined, statuses: readonly AgentRunStatus[]): string {
  if (!result) return 'Counting the matching runs…';
  const n = statuses.filter((s) => s !== 'archived').reduce((sum, s) => sum + (result.counts[s] ?? 0), 0);
  if (!result.complete)
    return `At least ${n.toLocaleString()} ${n === 1 ? 'run' : 'runs'} will be archived (the service cannot count them all).`;
  return `${n} ${n === 1 ? 'run' : 'runs'} will be archived.`;
}

/** Tells the page how many rows are selected (the kit keeps selection inside the table). */
function SelectionReporter({ count, onChange }: { count: number; onChange: (count: number) => void }) {
  useEffect(() => {
    onChange(count);
    return () => onChange(0);
  }, [count, onChange]);
  return null;
}

import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { agentRunCountsQueryOptions, agentRunsListQueryOptions } from '@/api/agent-runs';
import { useCapabilities } from '@/api/capabilities';
import { useOrganizationScope } from '@/api/organization-scope';
import { insightSearch, runsCountsParams, runsPaginationScope } from '@/api/runs-filter';
import { DataTable, type TableSelection } from '@/components/data-table';
import { EmptyState } from '@/components/states';
import { type Agent, type AgentRun } from '@/contract';
import { RunFilters } from './run-filters';
import { RunTabs } from './run-tabs';
import { runColumns } from './runs-columns';
import { RunsBar } from './runs-bar';
import { useRunsSearchChange } from './runs-route';
import type { ArchiveRuns, RunsActionsHandle } from './runs-screen-actions';
import {
  DEFAULT_REFRESH_SECONDS,
  RUN_TAB_DEFINITIONS,
  runsListParams,
  runTabLabel,
  type RunsSearch,
} from './runs-search';
import { i18n } from '@/i18n/i18n';
import './runs.css';

// Archive, delete and "Archive all matching…" (mutations, toasts, dialogs) load right after the first paint.
const loadActions = () => import('./runs-screen-actions');
const RunsActions = lazy(() => loadActions().then((m) => ({ default: m.RunsActions })));

/**
 * The page's side of its actions: calls go to the loaded actions at once; one made in the moment before their code
 * has arrived waits for it (and is then carried out, in order), so no click or key press is lost.
 */
function useRunsActions() {
  const handle = useRef<RunsActionsHandle | null>(null);
  const waiting = useRef<((actions: RunsActionsHandle) => void)[]>([]);
  const connect = useCallback((actions: RunsActionsHandle | null) => {
    handle.current = actions;
    if (actions) for (const call of waiting.current.splice(0)) call(actions);
  }, []);
  const call = (action: (actions: RunsActionsHandle) => void) => {
    if (handle.current) action(handle.current);
    else waiting.current.push(action);
  };
  return {
    connect,
    archive: ((runs, archiving) => call((actions) => actions.archive(runs, archiving))) as ArchiveRuns,
    archiveRun: (run: AgentRun) => call((actions) => actions.archiveRun(run)),
    deleteRun: (run: AgentRun) => call((actions) => actions.deleteRun(run)),
  };
}

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
  const { connect, ...actions } = useRunsActions();
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
        actions={actions}
        onSelectedCount={setSelectedCount}
        onArchiveMatching={() => setArchiveMatching(true)}
      />

      <Suspense fallback={null}>
        <RunsActions
          ref={connect}
          agentId={agentId}
          search={search}
          counts={counts.data}
          archiveMatching={archiveMatching}
          onArchiveMatchingChange={setArchiveMatching}
        />
      </Suspense>
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

/** The table of the page's runs: filters, pages, order, selection to archive, and what to say when there are none. */
function RunsTable({
  agentId,
  search,
  list: { data, isFetching },
  actions,
  onSelectedCount,
  onArchiveMatching,
}: {
  agentId: string;
  search: RunsSearch;
  list: { data: { runs: AgentRun[]; nextToken?: string | null }; isFetching: boolean };
  actions: { archive: ArchiveRuns; archiveRun: (run: AgentRun) => void; deleteRun: (run: AgentRun) => void };
  onSelectedCount: (count: number) => void;
  onArchiveMatching: () => void;
}) {
  const { review: canArchive, write: canDelete } = useCapabilities();
  const onSearchChange = useRunsSearchChange();
  const tab = search.tab ?? 'all';
  const columns = runColumns({
    canArchive,
    canDelete,
    onArchive: actions.archiveRun,
    onDelete: actions.deleteRun,
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
      selection={canArchive ? archiveSelection(actions.archive, onSelectedCount) : undefined}
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

/** Tells the page how many rows are selected (the kit keeps selection inside the table). */
function SelectionReporter({ count, onChange }: { count: number; onChange: (count: number) => void }) {
  useEffect(() => {
    onChange(count);
    return () => onChange(0);
  }, [count, onChange]);
  return null;
}

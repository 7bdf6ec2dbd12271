import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  agentRunCountsQueryOptions,
  agentRunsListQueryOptions,
  fetchAllAgentRuns,
  type AgentRunCountsResult,
  type AgentRunsListParams,
} from '@/api/agent-runs';
import { agentsQueryOptions } from '@/api/agents';
import { useCapabilities } from '@/api/capabilities';
import { useRefetchOnOpen } from '@/components/refetch-on-open';
import { useRunDocument } from '@/api/documents';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, listParams, type ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import { EmptyState } from '@/components/states';
import { REVIEW_STATUSES, type Agent, type AgentRun, type AgentRunStatus } from '@/contract';
import { useArchiveWithUndo, useDeleteRunDialog } from './run-actions';
import { AGENT_RUN_STATUS_WORDS } from './run-status';
import { AgentRunStatusBadge } from './run-status-badge';
import {
  DEFAULT_REFRESH_SECONDS,
  describeFilter,
  listFilterFromSearch,
  parseStatusList,
  REFRESH_CHOICES,
  RUN_TAB_DEFINITIONS,
  RUN_TABS,
  type RunsSearch,
  type RunTab,
} from './runs-search';
import './runs.css';
import { useOrganizationScope } from '@/api/organization-scope';

/** The list query of the runs page, from its URL. */
export function runsListParams(agentId: string, search: RunsSearch): AgentRunsListParams {
  const filter = listFilterFromSearch(agentId, search);
  return {
    agentId,
    statuses: filter.statuses,
    sort: filter.sort,
    createdTimeAfter: filter.createdTimeAfter,
    createdTimeBefore: filter.createdTimeBefore,
    ...listParams(search),
  };
}

/** The agent the page shows: the one in the URL, else the first agent. */
export function chosenAgentId(agents: readonly Agent[], search: RunsSearch): string | undefined {
  return search.agent ?? agents[0]?.agentId;
}

export type RunsScreenProps = {
  agents: Agent[];
  agentId: string;
  search: RunsSearch;
  /** Gets an update of the latest search (not of this render's: a second change before the first has loaded must keep it). */
  onSearchChange: (update: (current: RunsSearch) => RunsSearch) => void;
};

/** The front page: one agent's runs by tab, status and created time, with archive (undoable) and delete. */
export function RunsScreen({ agents, agentId, search, onSearchChange }: RunsScreenProps) {
  const org = useOrganizationScope();
  const readOnly = !useCapabilities().write;
  const [selectedCount, setSelectedCount] = useState(0);
  const refreshSeconds = search.refresh ?? DEFAULT_REFRESH_SECONDS;
  const paused = selectedCount > 0;
  const refetchInterval = refreshSeconds > 0 && !paused ? refreshSeconds * 1000 : false;
  const params = runsListParams(agentId, search);
  const { data, isFetching, dataUpdatedAt } = useSuspenseQuery({
    ...agentRunsListQueryOptions(org, params),
    refetchInterval,
  });
  const counts = useQuery({
    ...agentRunCountsQueryOptions(org, { agentId, createdTimeAfter: search.from, createdTimeBefore: search.to }),
    refetchInterval,
  });
  const archive = useArchiveWithUndo();
  const deleteDialog = useDeleteRunDialog();
  const [archiveMatching, setArchiveMatching] = useState(false);
  const tab = search.tab ?? 'all';
  const filterWords = describeFilter(search, (s) => AGENT_RUN_STATUS_WORDS[s].label);
  const waiting = REVIEW_STATUSES.reduce((sum, s) => sum + (counts.data?.counts[s] ?? 0), 0);

  const columns: ColumnDef<AgentRun, unknown>[] = [
    {
      id: 'status',
      header: 'Status',
      meta: { hideable: false },
      cell: ({ row: { original: r } }) => <AgentRunStatusBadge status={r.status} />,
    },
    {
      id: 'run',
      header: 'Run',
      meta: { hideable: false },
      cell: ({ row: { original: r } }) => (
        <Link
          to="/runs/$agentId/$runId"
          params={{ agentId: r.agentId, runId: r.runId }}
          className="runs-id"
          aria-label={`Run ${r.runId}`}
        >
          …{r.runId.slice(-8)}
        </Link>
      ),
    },
    {
      id: 'document',
      header: 'Document',
      meta: { className: 'wrap runs-doc-cell' },
      cell: ({ row: { original: r } }) => <RunDocument run={r} />,
    },
    {
      id: 'created',
      header: 'Created',
      enableSorting: true,
      cell: ({ row: { original: r } }) => <DateTime value={r.createdTime} />,
    },
    {
      id: 'updated',
      header: 'Last change',
      cell: ({ row: { original: r } }) => <DateTime value={r.events.at(-1)?.time ?? r.updatedTime ?? r.createdTime} />,
    },
  ];
  if (!readOnly) {
    columns.push({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'col-actions', hideable: false, label: 'Actions' },
      cell: ({ row: { original: r } }) => (
        <span className="runs-row-actions">
          {r.status !== 'archived' && (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => archive([r], `run …${r.runId.slice(-8)}`)}
              aria-label={`Archive run ${r.runId}`}
            >
              Archive
            </button>
          )}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => deleteDialog.open(r)}
            aria-label={`Delete run ${r.runId}`}
          >
            Delete
          </button>
        </span>
      ),
    });
  }

  return (
    <div className="runs">
      <div className="runs-bar">
        <AgentPicker
          agents={agents}
          agentId={agentId}
          onChange={(agent) => onSearchChange((s) => ({ agent, refresh: s.refresh }))}
        />
        <RefreshControl
          seconds={refreshSeconds}
          paused={paused}
          updatedAt={dataUpdatedAt}
          onChange={(refresh) =>
            onSearchChange((s) => ({ ...s, refresh: refresh === DEFAULT_REFRESH_SECONDS ? undefined : refresh }))
          }
        />
        <Link
          to="/runs/review"
          search={{ agentId }}
          className="button button--primary runs-review-button"
          aria-disabled={waiting === 0 || undefined}
        >
          Review ({counts.data ? formatCount(waiting, counts.data.complete) : '…'})
        </Link>
      </div>

      <RunTabs
        tab={tab}
        counts={counts.data}
        loading={counts.isPending}
        onChange={(next) =>
          onSearchChange((s) => ({
            agent: s.agent,
            from: s.from,
            to: s.to,
            sort: s.sort,
            refresh: s.refresh,
            pageSize: s.pageSize,
            tab: next === 'all' ? undefined : next,
          }))
        }
      />

      <DataTable
        label={`Runs: ${RUN_TAB_DEFINITIONS[tab].label}`}
        data={data.runs}
        columns={columns}
        getRowId={(r) => r.runId}
        columnsKey="runs"
        toolbar={
          <RunFilters
            search={search}
            onSearchChange={onSearchChange}
            canArchiveMatching={!readOnly && tab !== 'archived' && data.runs.length > 0}
            onArchiveMatching={() => setArchiveMatching(true)}
          />
        }
        isFetching={isFetching}
        pagination={{
          scope: `runs:${agentId}:${tab}:${search.status ?? ''}:${search.from ?? ''}:${search.to ?? ''}:${search.sort ?? ''}`,
          noun: ['run', 'runs'],
          search,
          nextToken: data.nextToken,
          onNavigate: (patch) => onSearchChange((s) => ({ ...s, ...patch })),
        }}
        sorting={{
          value: { id: 'created', desc: search.sort !== 'asc' },
          onChange: (sort) =>
            onSearchChange((s) => ({ ...s, cursor: undefined, sort: sort && !sort.desc ? 'asc' : undefined })),
        }}
        selection={
          readOnly
            ? undefined
            : {
                noun: ['run', 'runs'],
                describe: (r) => `…${r.runId.slice(-8)}`,
                canSelect: (r) => r.status !== 'archived',
                actions: (rows, clear) => (
                  <>
                    <SelectionReporter count={rows.length} onChange={setSelectedCount} />
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
              }
        }
        empty={
          <EmptyState
            title={
              search.status || search.from || search.to
                ? 'No runs match these filters'
                : `No runs ${RUN_TAB_DEFINITIONS[tab].describes}`
            }
          >
            {search.status || search.from || search.to
              ? 'Clear the filters to see more runs.'
              : 'Runs appear here when the agent starts them.'}
          </EmptyState>
        }
      />

      <ConfirmDialog
        open={archiveMatching}
        onOpenChange={setArchiveMatching}
        title="Archive every matching run?"
        description={`Every run of this agent that is ${filterWords} — on all pages, not only this one. You can undo for a few seconds before anything is sent.`}
        confirmLabel="Archive matching runs"
        onConfirm={async () => {
          const { maxResults: _m, nextToken: _n, ...filter } = runsListParams(agentId, search);
          const runs = (await fetchAllAgentRuns(filter)).filter((r) => r.status !== 'archived');
          archive(runs, `${runs.length} ${runs.length === 1 ? 'run' : 'runs'} ${filterWords}`);
        }}
      >
        <p className="runs-confirm-count">
          {matchingCountText(counts.data, listFilterFromSearch(agentId, search).statuses)}
        </p>
      </ConfirmDialog>
      {deleteDialog.element}
    </div>
  );
}

function matchingCountText(result: AgentRunCountsResult | undefined, statuses: readonly AgentRunStatus[]): string {
  if (!result) return 'Counting the matching runs…';
  const n = statuses.filter((s) => s !== 'archived').reduce((sum, s) => sum + (result.counts[s] ?? 0), 0);
  if (!result.complete)
    return `At least ${n.toLocaleString()} ${n === 1 ? 'run' : 'runs'} will be archived (the service cannot count them all).`;
  return `${n} ${n === 1 ? 'run' : 'runs'} will be archived.`;
}

/** A count, with "+" when it is a lower bound (a service without the count extension). */
function formatCount(n: number, complete: boolean): string {
  return `${n.toLocaleString()}${complete ? '' : '+'}`;
}

/** Tells the page how many rows are selected (the kit keeps selection inside the table). */
function SelectionReporter({ count, onChange }: { count: number; onChange: (count: number) => void }) {
  useEffect(() => {
    onChange(count);
    return () => onChange(0);
  }, [count, onChange]);
  return null;
}

function AgentPicker({
  agents,
  agentId,
  onChange,
}: {
  agents: Agent[];
  agentId: string;
  onChange: (agentId: string) => void;
}) {
  const id = useId();
  const refetchAgents = useRefetchOnOpen(agentsQueryOptions(useOrganizationScope()).queryKey);
  return (
    <div className="runs-agent">
      <label htmlFor={id}>Agent</label>
      <select id={id} className="input" value={agentId} onChange={(e) => onChange(e.target.value)} {...refetchAgents}>
        {agents.map((a) => (
          <option key={a.agentId} value={a.agentId}>
            {a.name || a.agentId}
          </option>
        ))}
      </select>
      <Link to="/agents/$agentId" params={{ agentId }} className="button button--ghost button--small">
        About this agent
      </Link>
    </div>
  );
}

function RefreshControl({
  seconds,
  paused,
  updatedAt,
  onChange,
}: {
  seconds: number;
  paused: boolean;
  updatedAt: number;
  onChange: (seconds: number) => void;
}) {
  const id = useId();
  return (
    <div className="runs-refresh">
      <label htmlFor={id}>Auto-refresh</label>
      <select id={id} className="input" value={seconds} onChange={(e) => onChange(Number(e.target.value))}>
        {REFRESH_CHOICES.map((s) => (
          <option key={s} value={s}>
            {s === 0 ? 'Off' : `Every ${s} s`}
          </option>
        ))}
      </select>
      <span className="muted runs-refresh__note" role="status">
        {paused && seconds > 0 ? (
          'Paused while runs are selected'
        ) : (
          <>
            Updated <DateTime value={updatedAt} />
          </>
        )}
      </span>
    </div>
  );
}

function RunTabs({
  tab,
  counts,
  loading,
  onChange,
}: {
  tab: RunTab;
  counts: AgentRunCountsResult | undefined;
  loading: boolean;
  onChange: (tab: RunTab) => void;
}) {
  return (
    <nav className="runs-tabs" aria-label="Run tabs">
      {RUN_TABS.map((t) => {
        const def = RUN_TAB_DEFINITIONS[t];
        const count = counts ? def.statuses.reduce((sum, s) => sum + (counts.counts[s] ?? 0), 0) : undefined;
        const shown = count === undefined ? undefined : formatCount(count, counts!.complete);
        return (
          <button
            key={t}
            type="button"
            className="runs-tab"
            aria-current={t === tab ? 'page' : undefined}
            onClick={() => onChange(t)}
            data-tab={t}
          >
            {def.label}
            <span
              className="runs-tab__count"
              aria-label={
                shown === undefined ? 'counting' : counts!.complete ? `${count} runs` : `at least ${count} runs`
              }
            >
              {shown ?? (loading ? '…' : '?')}
            </span>
          </button>
        );
      })}
    </nav>
  );
}

/** datetime-local (the operator's local time) ↔ the seed's UTC timestamps. */
const toLocalInput = (timestamp: string | undefined) => {
  if (!timestamp) return '';
  const d = new Date(timestamp);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

function RunFilters({
  search,
  onSearchChange,
  canArchiveMatching,
  onArchiveMatching,
}: {
  search: RunsSearch;
  onSearchChange: RunsScreenProps['onSearchChange'];
  canArchiveMatching: boolean;
  onArchiveMatching: () => void;
}) {
  const id = useId();
  const tab = search.tab ?? 'all';
  const statuses = RUN_TAB_DEFINITIONS[tab].statuses;
  const chosen = parseStatusList(search.status).filter((s) => statuses.includes(s));
  const filtered = Boolean(chosen.length || search.from || search.to);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const from = fromLocalInput(String(form.get('from') ?? ''));
    const to = fromLocalInput(String(form.get('to') ?? ''));
    onSearchChange((s) => ({ ...s, cursor: undefined, from, to }));
  };
  return (
    <form className="runs-filters" onSubmit={apply} key={`${search.from}|${search.to}`} aria-label="Filter runs">
      {statuses.length > 1 && (
        <>
          <label htmlFor={`${id}-status`}>Status</label>
          <select
            id={`${id}-status`}
            className="input"
            value={chosen[0] ?? ''}
            onChange={(e) => {
              const status = e.target.value || undefined;
              onSearchChange((s) => ({ ...s, cursor: undefined, status }));
            }}
          >
            <option value="">Any in this tab</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {AGENT_RUN_STATUS_WORDS[s].label}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={`${id}-from`}>Created from</label>
      <input
        id={`${id}-from`}
        name="from"
        type="datetime-local"
        className="input"
        defaultValue={toLocalInput(search.from)}
      />
      <label htmlFor={`${id}-to`}>until</label>
      <input id={`${id}-to`} name="to" type="datetime-local" className="input" defaultValue={toLocalInput(search.to)} />
      <button type="submit" className="button">
        Apply
      </button>
      {filtered && (
        <button
          type="button"
          className="button button--ghost"
          onClick={() => onSearchChange((s) => ({ agent: s.agent, tab: s.tab, sort: s.sort, refresh: s.refresh }))}
        >
          Clear filters
        </button>
      )}
      {canArchiveMatching && (
        <button type="button" className="button runs-archive-matching" onClick={onArchiveMatching}>
          Archive all matching…
        </button>
      )}
    </form>
  );
}

const TYPE_LABEL: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/tiff': 'TIFF',
  'image/webp': 'WEBP',
  'message/rfc822': 'Email',
};

/** The document the run names in its resourceIds: name and type (fetched per visible row, cached). */
function RunDocument({ run }: { run: AgentRun }) {
  const { documentId, document: doc, failed } = useRunDocument(run);
  if (!documentId) return <span className="muted">No document</span>;
  if (failed)
    return (
      <Link to="/documents/$documentId" params={{ documentId }} className="runs-id">
        …{documentId.slice(-8)} <span className="muted">(deleted?)</span>
      </Link>
    );
  return (
    <span className="runs-doc">
      <Link to="/documents/$documentId" params={{ documentId }}>
        {doc ? doc.name || 'Untitled document' : '…'}
      </Link>
      {doc?.contentType && (
        <span className="badge badge--outline">{TYPE_LABEL[doc.contentType] ?? doc.contentType}</span>
      )}
    </span>
  );
}

import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import type { AgentRun } from '@/contract';
import { RunDocument } from './run-document';
import { AgentRunStatusBadge } from './run-status-badge';

/** What the operator may do to a row, and how. */
interface RowActions {
  canArchive: boolean;
  canDelete: boolean;
  onArchive: (run: AgentRun) => void;
  onDelete: (run: AgentRun) => void;
}

/**
 * The runs table's columns; an operator who may review also gets Archive on each row, one who may write Delete.
 */
export function runColumns(actions: RowActions): ColumnDef<AgentRun, unknown>[] {
  const columns = runInfoColumns();
  if (!actions.canArchive && !actions.canDelete) return columns;
  return [...columns, actionsColumn(actions)];
}

/** What each run is: status, id (its link), document, created and last changed. */
function runInfoColumns(): ColumnDef<AgentRun, unknown>[] {
  return [
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
          // The name starts with the words shown (WCAG 2.5.3) and goes on with the whole id.
          aria-label={`…${r.runId.slice(-8)}: run ${r.runId}`}
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
}

/** Archive (a run not archived yet) and Delete, as the operator may. */
function actionsColumn({ canArchive, canDelete, onArchive, onDelete }: RowActions): ColumnDef<AgentRun, unknown> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: 'col-actions', hideable: false, label: 'Actions' },
    cell: ({ row: { original: r } }) => (
      <span className="runs-row-actions">
        {canArchive && r.status !== 'archived' && <RowAction verb="Archive" run={r} onClick={onArchive} />}
        {canDelete && <RowAction verb="Delete" run={r} onClick={onDelete} />}
      </span>
    ),
  };
}

function RowAction({ verb, run, onClick }: { verb: string; run: AgentRun; onClick: (run: AgentRun) => void }) {
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={() => onClick(run)}
      aria-label={`${verb} run ${run.runId}`}
    >
      {verb}
    </button>
  );
}

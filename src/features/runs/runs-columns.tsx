import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
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
export function runColumns(actions: RowActions): ColumnDef<AgentRun>[] {
  const columns = runInfoColumns();
  if (!actions.canArchive && !actions.canDelete) return columns;
  return [...columns, actionsColumn(actions)];
}

/** What each run is: status, id (its link), document, created and last changed. */
function runInfoColumns(): ColumnDef<AgentRun>[] {
  return [
    {
      id: 'status',
      header: t`Status`,
      meta: { hideable: false },
      cell: ({ row: { original: r } }) => <AgentRunStatusBadge status={r.status} />,
    },
    {
      id: 'run',
      header: t`Run`,
      meta: { hideable: false },
      cell: ({ row: { original: r } }) => <RunIdLink run={r} />,
    },
    {
      id: 'document',
      header: t`Document`,
      meta: { className: 'wrap runs-doc-cell' },
      cell: ({ row: { original: r } }) => <RunDocument run={r} />,
    },
    {
      id: 'created',
      header: t`Created`,
      enableSorting: true,
      cell: ({ row: { original: r } }) => <DateTime value={r.createdTime} />,
    },
    {
      id: 'updated',
      header: t`Last change`,
      cell: ({ row: { original: r } }) => <DateTime value={r.events.at(-1)?.time ?? r.updatedTime ?? r.createdTime} />,
    },
  ];
}

/** A run's link, by the end of its id. */
function RunIdLink({ run }: { run: AgentRun }) {
  const shortId = `…${run.runId.slice(-8)}`;
  const { runId } = run;
  return (
    <Link
      to="/runs/$agentId/$runId"
      params={{ agentId: run.agentId, runId }}
      className="runs-id"
      // The name starts with the words shown (WCAG 2.5.3) and goes on with the whole id.
      aria-label={t`${shortId}: run ${runId}`}
    >
      {shortId}
    </Link>
  );
}

/** Archive (a run not archived yet) and Delete, as the operator may. */
function actionsColumn({ canArchive, canDelete, onArchive, onDelete }: RowActions): ColumnDef<AgentRun> {
  return {
    id: 'actions',
    header: () => (
      <span className="sr-only">
        <Trans>Actions</Trans>
      </span>
    ),
    meta: { className: 'col-actions', hideable: false, label: t`Actions` },
    cell: ({ row: { original: r } }) => (
      <span className="runs-row-actions">
        {canArchive && r.status !== 'archived' && <RowAction action="archive" run={r} onClick={onArchive} />}
        {canDelete && <RowAction action="delete" run={r} onClick={onDelete} />}
      </span>
    ),
  };
}

function RowAction({
  action,
  run,
  onClick,
}: {
  action: 'archive' | 'delete';
  run: AgentRun;
  onClick: (run: AgentRun) => void;
}) {
  const { runId } = run;
  return (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={() => onClick(run)}
      aria-label={action === 'archive' ? t`Archive run ${runId}` : t`Delete run ${runId}`}
    >
      {action === 'archive' ? <Trans>Archive</Trans> : <Trans>Delete</Trans>}
    </button>
  );
}

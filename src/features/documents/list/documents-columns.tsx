import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import type { Document } from '@/contract';
import { contentTypeLabel } from '@/components/content-type-label';

const shortId = (id: string) => `${id.split(':').slice(0, 2).join(':')}:…${id.slice(-6)}`;

/** The documents table's columns; a dataset chip filters on it, and an operator who may write gets Delete per row. */
export function documentColumns({
  canWrite,
  onDatasetFilter,
  onDelete,
}: {
  canWrite: boolean;
  onDatasetFilter: (datasetId: string) => void;
  onDelete: (document: Document) => void;
}): ColumnDef<Document, unknown>[] {
  const columns: ColumnDef<Document, unknown>[] = [
    {
      id: 'name',
      header: 'Name',
      meta: { hideable: false, className: 'wrap' },
      cell: ({ row: { original: d } }) => (
        <div className="docs-name">
          <Link to="/documents/$documentId" params={{ documentId: d.documentId }}>
            {d.name || <span className="muted">Untitled</span>}
          </Link>
          <span className="docs-id">{d.documentId}</span>
        </div>
      ),
    },
    {
      id: 'type',
      header: 'Type',
      cell: ({ row: { original: d } }) =>
        d.contentType ? contentTypeLabel(d.contentType) : <span className="muted">No file</span>,
    },
    {
      id: 'dataset',
      header: 'Dataset',
      cell: ({ row: { original: d } }) =>
        d.datasetId ? (
          <button
            type="button"
            className="docs-chip"
            title={`Show only dataset ${d.datasetId}`}
            onClick={() => onDatasetFilter(d.datasetId!)}
          >
            {shortId(d.datasetId)}
          </button>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      id: 'groundTruth',
      header: 'Ground truth',
      meta: { className: 'num' },
      cell: ({ row: { original: d } }) => d.groundTruth?.length ?? 0,
    },
    {
      id: 'created',
      header: 'Created',
      enableSorting: true,
      cell: ({ row: { original: d } }) => <DateTime value={d.createdTime} />,
    },
  ];
  if (!canWrite) return columns;
  columns.push({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    meta: { className: 'col-actions', hideable: false, label: 'Actions' },
    cell: ({ row: { original: d } }) => (
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => onDelete(d)}
        aria-label={`Delete ${d.name || d.documentId}`}
      >
        Delete
      </button>
    ),
  });
  return columns;
}

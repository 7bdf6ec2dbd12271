import { Link } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ColumnDef } from '@/components/data-table';
import { DateTime } from '@/components/date-time';
import type { Document } from '@/contract';
import { formatNumber } from '@/i18n/format';
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
}): ColumnDef<Document>[] {
  const columns: ColumnDef<Document>[] = [
    {
      id: 'name',
      header: t`Name`,
      meta: { hideable: false, className: 'wrap' },
      cell: ({ row: { original: d } }) => (
        <div className="docs-name">
          <Link to="/documents/$documentId" params={{ documentId: d.documentId }}>
            {d.name || (
              <span className="muted">
                <Trans>Untitled</Trans>
              </span>
            )}
          </Link>
          <span className="docs-id">{d.documentId}</span>
        </div>
      ),
    },
    {
      id: 'type',
      header: t`Type`,
      cell: ({ row: { original: d } }) =>
        d.contentType ? (
          contentTypeLabel(d.contentType)
        ) : (
          <span className="muted">
            <Trans>No file</Trans>
          </span>
        ),
    },
    {
      id: 'dataset',
      header: t`Dataset`,
      cell: ({ row: { original: d } }) => {
        const datasetId = d.datasetId;
        return datasetId ? (
          <button
            type="button"
            className="docs-chip"
            title={t`Show only dataset ${datasetId}`}
            onClick={() => onDatasetFilter(datasetId)}
          >
            {shortId(datasetId)}
          </button>
        ) : (
          <span className="muted">—</span>
        );
      },
    },
    {
      id: 'groundTruth',
      header: t`Ground truth`,
      meta: { className: 'num' },
      cell: ({ row: { original: d } }) => formatNumber(d.groundTruth?.length ?? 0),
    },
    {
      id: 'created',
      header: t`Created`,
      enableSorting: true,
      cell: ({ row: { original: d } }) => <DateTime value={d.createdTime} />,
    },
  ];
  return canWrite ? [...columns, deleteColumn(onDelete)] : columns;
}

/** Delete, per row, for an operator who may write. */
function deleteColumn(onDelete: (document: Document) => void): ColumnDef<Document> {
  return {
    id: 'actions',
    header: () => (
      <span className="sr-only">
        <Trans>Actions</Trans>
      </span>
    ),
    meta: { className: 'col-actions', hideable: false, label: t`Actions` },
    cell: ({ row: { original: d } }) => {
      const documentName = d.name || d.documentId;
      return (
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onDelete(d)}
          aria-label={t`Delete ${documentName}`}
        >
          <Trans>Delete</Trans>
        </button>
      );
    },
  };
}

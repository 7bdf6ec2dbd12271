import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { documentsListQueryOptions } from '@/api/documents';
import { useCapabilities } from '@/api/capabilities';
import { useOrganizationScope } from '@/api/organization-scope';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/states';
import type { Document } from '@/contract';
import { BulkDeleteDialog, DeleteDialog } from './delete-documents-dialogs';
import { documentColumns } from './documents-columns';
import { documentsRoute, useDocumentsSearchChange } from './documents-route';
import { documentsListParams } from './documents-search';
import { DocumentFilters } from './document-filters';
import { UploadList, UploadZone } from './uploads-panel';
import { useUploads } from './use-uploads';
import '@/widgets/ground-truth/ground-truth.css';
import './documents-list.css';

/** The documents page: its title above the list. */
export function DocumentsPage() {
  return (
    <div className="page">
      <PageHeader
        title="Documents"
        description="Files and their ground truth: the answers models are trained and checked against."
      />
      <DocumentsListScreen />
    </div>
  );
}

/** Documents: filters and sort in the URL, drag-and-drop upload with checks before sending, delete with confirmation. */
function DocumentsListScreen() {
  const org = useOrganizationScope();
  const canWrite = useCapabilities().write;
  const search = documentsRoute.useSearch();
  const onSearchChange = useDocumentsSearchChange();
  const { data, isFetching } = useSuspenseQuery(documentsListQueryOptions(org, documentsListParams(search)));
  const uploads = useUploads({ datasetId: search.datasetId });
  const [toDelete, setToDelete] = useState<Document | null>(null);
  const [bulkDelete, setBulkDelete] = useState<{ rows: Document[]; clear: () => void } | null>(null);
  const filtered = Boolean(search.datasetId || search.consentId);
  const columns = documentColumns({
    canWrite,
    onDatasetFilter: (datasetId) => onSearchChange((s) => ({ ...s, cursor: undefined, datasetId })),
    onDelete: setToDelete,
  });

  return (
    <div className="docs">
      {canWrite && <UploadZone onFiles={uploads.add} datasetId={search.datasetId} />}
      {uploads.uploads.length > 0 && (
        <UploadList
          uploads={uploads.uploads}
          onRetry={uploads.retry}
          onCancel={uploads.cancel}
          onDismiss={uploads.dismiss}
          onClear={uploads.clearFinished}
        />
      )}

      <DataTable
        label={`Documents${filtered ? ' (filtered)' : ''}`}
        data={data.documents}
        columns={columns}
        getRowId={(d) => d.documentId}
        columnsKey="documents"
        toolbar={<DocumentFilters search={search} />}
        isFetching={isFetching}
        pagination={{
          scope: `documents:${search.datasetId ?? ''}:${search.consentId ?? ''}:${search.order ?? ''}`,
          noun: ['document', 'documents'],
          search,
          nextToken: data.nextToken,
          onNavigate: (patch) => onSearchChange((s) => ({ ...s, ...patch })),
        }}
        sorting={{
          value: { id: 'created', desc: search.order !== 'ascending' },
          onChange: (sort) =>
            onSearchChange((s) => ({ ...s, cursor: undefined, order: sort && !sort.desc ? 'ascending' : undefined })),
        }}
        selection={
          canWrite
            ? {
                noun: ['document', 'documents'],
                describe: (d) => d.name || d.documentId,
                actions: (rows, clear) => (
                  <button
                    type="button"
                    className="button button--danger"
                    onClick={() => setBulkDelete({ rows, clear })}
                  >
                    Delete {rows.length} {rows.length === 1 ? 'document' : 'documents'}
                  </button>
                ),
              }
            : undefined
        }
        empty={
          <EmptyState
            title={
              filtered ? 'No documents match these filters' : search.cursor ? 'No more documents' : 'No documents yet'
            }
          >
            {filtered
              ? 'Clear the filters to see every document.'
              : canWrite
                ? 'Drop files above or choose them to upload.'
                : 'Documents appear here once they are uploaded.'}
          </EmptyState>
        }
      />

      <DeleteDialog document={toDelete} onClose={() => setToDelete(null)} />
      <BulkDeleteDialog target={bulkDelete} onClose={() => setBulkDelete(null)} />
    </div>
  );
}

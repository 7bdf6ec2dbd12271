import { useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { documentsListQueryOptions } from '@/api/documents';
import { useCapabilities } from '@/api/capabilities';
import { DataTable, type TableSelection } from '@/components/data-table';
import { usePagedList } from '@/components/paged-list-screen';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/states';
import type { Document } from '@/contract';
import { BulkDeleteDialog, DeleteDialog } from './delete-documents-dialogs';
import { documentColumns } from './documents-columns';
import { documentsRoute } from './documents-route';
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
        title={t`Documents`}
        description={t`Files and their ground truth: the answers models are trained and checked against.`}
      />
      <DocumentsListScreen />
    </div>
  );
}

/** The page of documents the URL's filters, sort and cursor select (the query the route's loader ran). */
const useDocumentsList = () => usePagedList(documentsRoute, documentsListQueryOptions, documentsListParams);
type DocumentsList = ReturnType<typeof useDocumentsList>;
type BulkDelete = { rows: Document[]; clear: () => void };

/** Documents: filters and sort in the URL, drag-and-drop upload with checks before sending, delete with confirmation. */
function DocumentsListScreen() {
  const canWrite = useCapabilities().write;
  const list = useDocumentsList();
  const [toDelete, setToDelete] = useState<Document | null>(null);
  const [bulkDelete, setBulkDelete] = useState<BulkDelete | null>(null);
  return (
    <div className="docs">
      <DocumentsUploads canWrite={canWrite} datasetId={list.search.datasetId} />
      <DocumentsTable list={list} canWrite={canWrite} onDelete={setToDelete} onBulkDelete={setBulkDelete} />
      <DeleteDialog document={toDelete} onClose={() => setToDelete(null)} />
      <BulkDeleteDialog target={bulkDelete} onClose={() => setBulkDelete(null)} />
    </div>
  );
}

/** The drop zone (for an operator who may write) and the uploads under way, into the filtered dataset if any. */
function DocumentsUploads({ canWrite, datasetId }: { canWrite: boolean; datasetId: string | undefined }) {
  const uploads = useUploads({ datasetId });
  return (
    <>
      {canWrite && <UploadZone onFiles={uploads.add} datasetId={datasetId} />}
      {uploads.uploads.length > 0 && (
        <UploadList
          uploads={uploads.uploads}
          onRetry={uploads.retry}
          onCancel={uploads.cancel}
          onDismiss={uploads.dismiss}
          onClear={uploads.clearFinished}
        />
      )}
    </>
  );
}

/** The documents table: filters, sort by creation, pages, selection for bulk delete, and its empty state. */
function DocumentsTable({
  list,
  canWrite,
  onDelete,
  onBulkDelete,
}: {
  list: DocumentsList;
  canWrite: boolean;
  onDelete: (document: Document) => void;
  onBulkDelete: (target: BulkDelete) => void;
}) {
  const { data, search, onSearch } = list;
  const filtered = Boolean(search.datasetId || search.consentId);
  const columns = documentColumns({
    canWrite,
    onDatasetFilter: (datasetId) => onSearch({ cursor: undefined, datasetId }),
    onDelete,
  });
  return (
    <DataTable
      label={filtered ? t`Documents (filtered)` : t`Documents`}
      data={data.documents}
      columns={columns}
      getRowId={(d) => d.documentId}
      columnsKey="documents"
      toolbar={<DocumentFilters search={search} />}
      isFetching={list.isFetching}
      pagination={list.pagination(
        `documents:${search.datasetId ?? ''}:${search.consentId ?? ''}:${search.order ?? ''}`,
        { count: (n) => plural(n, { one: '# document', other: '# documents' }), plural: t`documents` },
      )}
      sorting={{
        value: { id: 'created', desc: search.order !== 'ascending' },
        onChange: (sort) => onSearch({ cursor: undefined, order: sort && !sort.desc ? 'ascending' : undefined }),
      }}
      selection={canWrite ? bulkDeleteSelection(onBulkDelete) : undefined}
      empty={<DocumentsEmpty filtered={filtered} pastFirstPage={Boolean(search.cursor)} canWrite={canWrite} />}
    />
  );
}

/** Rows selected for the bulk delete, which asks before deleting them. */
function bulkDeleteSelection(onBulkDelete: (target: BulkDelete) => void): TableSelection<Document> {
  return {
    noun: { count: (n) => plural(n, { one: '# document', other: '# documents' }), plural: t`documents` },
    describe: (d) => d.name || d.documentId,
    actions: (rows, clear) => {
      const count = rows.length;
      return (
        <button type="button" className="button button--danger" onClick={() => onBulkDelete({ rows, clear })}>
          {plural(count, { one: 'Delete # document', other: 'Delete # documents' })}
        </button>
      );
    },
  };
}

/** An empty page: filters that match nothing, a page past the last, or no documents yet. */
function DocumentsEmpty({
  filtered,
  pastFirstPage,
  canWrite,
}: {
  filtered: boolean;
  pastFirstPage: boolean;
  canWrite: boolean;
}) {
  return (
    <EmptyState
      title={
        filtered ? t`No documents match these filters` : pastFirstPage ? t`No more documents` : t`No documents yet`
      }
    >
      {filtered
        ? t`Clear the filters to see every document.`
        : canWrite
          ? t`Drop files above or choose them to upload.`
          : t`Documents appear here once they are uploaded.`}
    </EmptyState>
  );
}

/** The documents list's URL state and its list parameters: light, so the route's loader does not pull in the screen. */
import type { DocumentsListParams } from '@/api/documents';
import { listParams, type PaginationSearch } from '@/components/data-table/pagination';

export type DocumentsSearch = PaginationSearch & {
  datasetId?: string;
  consentId?: string;
  order?: 'ascending' | 'descending';
};

export const documentsListParams = (search: DocumentsSearch): DocumentsListParams => ({
  datasetId: search.datasetId,
  consentId: search.consentId,
  order: search.order,
  ...listParams(search),
});

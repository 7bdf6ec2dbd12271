/** The documents list's URL state and its list parameters: light, so the route's loader does not pull in the screen. */
import { z } from 'zod/mini';
import type { DocumentsListParams } from '@/api/documents';
import { consentIdSchema, datasetIdSchema } from '@/contract';
import { listParams, paginationSearch, type PaginationSearch } from '@/components/data-table/pagination';

// Filters, sort and the page cursor live in the URL; a malformed value is dropped rather than failing the screen.
export const documentsSearchSchema = z.object({
  datasetId: z.catch(z.optional(datasetIdSchema), undefined),
  consentId: z.catch(z.optional(consentIdSchema), undefined),
  order: z.catch(z.optional(z.enum(['ascending', 'descending'])), undefined),
  ...paginationSearch,
});

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

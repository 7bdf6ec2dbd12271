import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { documentsListQueryOptions } from '@/api/documents';
import { consentIdSchema, datasetIdSchema } from '@/contract';
import { paginationSearch } from '@/components/data-table/pagination';
import { DocumentsPage } from '@/features/documents/list/documents-list-screen';
import { documentsListParams } from '@/features/documents/list/documents-search';

// Filters, sort and the page cursor live in the URL; a malformed value is dropped rather than failing the screen.
const searchSchema = z.object({
  datasetId: z.catch(z.optional(datasetIdSchema), undefined),
  consentId: z.catch(z.optional(consentIdSchema), undefined),
  order: z.catch(z.optional(z.enum(['ascending', 'descending'])), undefined),
  ...paginationSearch,
});

export const Route = createFileRoute('/_authenticated/documents/')({
  staticData: { crumb: 'Documents' },
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(documentsListQueryOptions(context.organization, documentsListParams(deps))),
  component: DocumentsPage,
});

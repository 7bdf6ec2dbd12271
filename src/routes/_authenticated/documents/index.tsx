import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { documentsListQueryOptions } from '@/api/documents';
import { consentIdSchema, datasetIdSchema } from '@/contract';
import { paginationSearch } from '@/components/data-table/pagination';
import { PageHeader } from '@/components/page-header';
import { DocumentsListScreen } from '@/features/documents/list/documents-list-screen';
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
  component: DocumentsRoute,
});

function DocumentsRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <div className="page">
      <PageHeader
        title="Documents"
        description="Files and their ground truth: the answers models are trained and checked against."
      />
      <DocumentsListScreen
        search={search}
        onSearchChange={(update) => void navigate({ search: (current) => update(current) })}
      />
    </div>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { documentQueryOptions } from '@/api/documents';
import { modelsListQueryOptions } from '@/api/models';
import { DocumentPage } from '@/features/documents/detail/document-page';
import { documentSearchSchema } from '@/features/documents/detail/document-search';

export const Route = createFileRoute('/_authenticated/documents/$documentId')({
  validateSearch: documentSearchSchema,
  loader: async ({ context, params }) => {
    const document = await context.queryClient.ensureQueryData(
      documentQueryOptions(context.organization, params.documentId),
    );
    void context.queryClient.prefetchQuery(modelsListQueryOptions(context.organization, { maxResults: 100 }));
    return { crumb: document.name || document.documentId };
  },
  component: DocumentPage,
});

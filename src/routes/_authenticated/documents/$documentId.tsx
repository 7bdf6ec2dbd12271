import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { documentQueryOptions } from '@/api/documents';
import { modelsListQueryOptions } from '@/api/models';
import { DocumentPage } from '@/features/documents/detail/document-page';

const searchSchema = z.object({
  modelId: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
});

export const Route = createFileRoute('/_authenticated/documents/$documentId')({
  validateSearch: searchSchema,
  loader: async ({ context, params }) => {
    const document = await context.queryClient.ensureQueryData(
      documentQueryOptions(context.organization, params.documentId),
    );
    void context.queryClient.prefetchQuery(modelsListQueryOptions(context.organization, { maxResults: 100 }));
    return { crumb: document.name || document.documentId };
  },
  component: DocumentPage,
});

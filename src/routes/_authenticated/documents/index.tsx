import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { documentsListQueryOptions } from '@/api/documents';
import { DocumentsPage } from '@/features/documents/list/documents-list-screen';
import { documentsListParams, documentsSearchSchema } from '@/features/documents/list/documents-search';

export const Route = createFileRoute('/_authenticated/documents/')({
  staticData: {
    get crumb() {
      return t`Documents`;
    },
  },
  validateSearch: documentsSearchSchema,
  loaderDeps: ({ search }) => documentsListParams(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(documentsListQueryOptions(context.organization, deps)),
  component: DocumentsPage,
});

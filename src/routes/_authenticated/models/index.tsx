import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { modelsListQueryOptions } from '@/api/models';
import { listParams, paginationSearchSchema } from '@/components/data-table/pagination';
import { ModelsListScreen } from '@/features/models/models-list-screen';

export const Route = createFileRoute('/_authenticated/models/')({
  staticData: {
    get crumb() {
      return t`Models`;
    },
  },
  validateSearch: paginationSearchSchema,
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(modelsListQueryOptions(context.organization, deps)),
  component: ModelsListScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { modelsListQueryOptions } from '@/api/models';
import { listParams, paginationSearch } from '@/components/data-table/pagination';
import { ModelsListScreen } from '@/features/models/models-list-screen';

export const Route = createFileRoute('/_authenticated/models/')({
  staticData: { crumb: 'Models' },
  validateSearch: z.object({ ...paginationSearch }),
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(modelsListQueryOptions(context.organization, deps)),
  component: ModelsListScreen,
});

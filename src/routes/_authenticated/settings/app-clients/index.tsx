import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { appClientsListQueryOptions } from '@/api/app-clients';
import { listParams, paginationSearch } from '@/components/data-table/pagination';
import { AppClientsListScreen } from '@/features/app-clients/app-clients-list-screen';

export const Route = createFileRoute('/_authenticated/settings/app-clients/')({
  validateSearch: z.object({ ...paginationSearch }),
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(appClientsListQueryOptions(context.organization, deps)),
  component: AppClientsListScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { appClientsListQueryOptions } from '@/api/app-clients';
import { listParams, paginationSearchSchema } from '@/components/data-table/pagination';
import { AppClientsListScreen } from '@/features/app-clients/app-clients-list-screen';

export const Route = createFileRoute('/_authenticated/settings/app-clients/')({
  validateSearch: paginationSearchSchema,
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(appClientsListQueryOptions(context.organization, deps)),
  component: AppClientsListScreen,
});

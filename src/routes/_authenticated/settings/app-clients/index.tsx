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
  component: AppClientsRoute,
});

function AppClientsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AppClientsListScreen
      search={search}
      onSearch={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }) })}
    />
  );
}

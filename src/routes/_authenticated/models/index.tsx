import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from 'zod';
import { modelsListQueryOptions } from '../../../api/models';
import { listParams, paginationSearch } from '../../../components/data-table/pagination';
import { PageHeader } from '../../../components/page-header';
import { ModelsListScreen } from '../../../features/models/models-list-screen';

export const Route = createFileRoute('/_authenticated/models/')({
  staticData: { crumb: 'Models' },
  validateSearch: z.object({ ...paginationSearch }),
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(modelsListQueryOptions(deps)),
  component: ModelsRoute,
});

function ModelsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  const readOnly = session.operator.role !== 'admin';
  return (
    <div className="page">
      <PageHeader
        title="Models"
        description="What agents extract from documents: the fields, how pages are prepared, and which LLM reads them."
        actions={readOnly ? undefined : <Link to="/models/new" className="button button--primary">Create model</Link>}
      />
      <ModelsListScreen search={search} readOnly={readOnly} onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }) })} />
    </div>
  );
}

import { createFileRoute, Link } from '@tanstack/react-router';
import { z } from 'zod';
import { validationsListQueryOptions } from '../../../api/validations';
import { listParams, paginationSearch } from '../../../components/data-table/pagination';
import { PageHeader } from '../../../components/page-header';
import { ValidationsListScreen } from '../../../features/validations/validations-list-screen';

export const Route = createFileRoute('/_authenticated/validations/')({
  staticData: { crumb: 'Validations' },
  validateSearch: z.object({ ...paginationSearch }),
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(validationsListQueryOptions(deps)),
  component: ValidationsRoute,
});

function ValidationsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  const readOnly = session.operator.role !== 'admin';
  return (
    <div className="page">
      <PageHeader
        title="Validations"
        description="Checks that send an agent run to a person: confidence thresholds, required fields, patterns."
        actions={readOnly ? undefined : <Link to="/validations/new" className="button button--primary">Create validation</Link>}
      />
      <ValidationsListScreen search={search} readOnly={readOnly} onSearchChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch }) })} />
    </div>
  );
}

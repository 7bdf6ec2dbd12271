import { createFileRoute } from '@tanstack/react-router';
import { validationsListQueryOptions } from '@/api/validations';
import { listParams, paginationSearchSchema } from '@/components/data-table/pagination';
import { ValidationsListScreen } from '@/features/validations/validations-list-screen';

export const Route = createFileRoute('/_authenticated/validations/')({
  staticData: { crumb: 'Validations' },
  validateSearch: paginationSearchSchema,
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(validationsListQueryOptions(context.organization, deps)),
  component: ValidationsListScreen,
});

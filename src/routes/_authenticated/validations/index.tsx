import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { validationsListQueryOptions } from '@/api/validations';
import { listParams, paginationSearch } from '@/components/data-table/pagination';
import { ValidationsListScreen } from '@/features/validations/validations-list-screen';

export const Route = createFileRoute('/_authenticated/validations/')({
  staticData: { crumb: 'Validations' },
  validateSearch: z.object({ ...paginationSearch }),
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(validationsListQueryOptions(context.organization, deps)),
  component: ValidationsListScreen,
});

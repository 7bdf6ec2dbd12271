import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { validationsListQueryOptions } from '@/api/validations';
import { listParams, paginationSearchSchema } from '@/components/data-table/pagination';
import { ValidationsListScreen } from '@/features/validations/validations-list-screen';

export const Route = createFileRoute('/_authenticated/validations/')({
  staticData: {
    get crumb() {
      return t`Validations`;
    },
  },
  validateSearch: paginationSearchSchema,
  loaderDeps: ({ search }) => listParams(search),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(validationsListQueryOptions(context.organization, deps)),
  component: ValidationsListScreen,
});

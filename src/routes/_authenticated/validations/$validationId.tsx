import { createFileRoute } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { validationQueryOptions } from '@/api/validations';
import { ValidationDetailScreen } from '@/features/validations/validation-detail-screen';

export const Route = createFileRoute('/_authenticated/validations/$validationId')({
  loader: async ({ context, params }) => {
    const validation = await context.queryClient.ensureQueryData(
      validationQueryOptions(context.organization, params.validationId),
    );
    return { crumb: validation.name || t`Untitled validation` };
  },
  component: ValidationRoute,
});

function ValidationRoute() {
  const { validationId } = Route.useParams();
  return <ValidationDetailScreen validationId={validationId} />;
}

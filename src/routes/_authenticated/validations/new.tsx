import { createFileRoute } from '@tanstack/react-router';
import { toast } from '../../../components/toast';
import { useCreateValidation } from '../../../api/validations';
import { PageHeader } from '../../../components/page-header';
import { ForbiddenState } from '../../../components/states';
import { ValidationForm } from '../../../features/validations/validation-form';

export const Route = createFileRoute('/_authenticated/validations/new')({
  staticData: { crumb: 'New validation' },
  component: NewValidationRoute,
});

function NewValidationRoute() {
  const create = useCreateValidation();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  if (session.operator.role !== 'admin') return <div className="page"><ForbiddenState message="Viewers cannot create validations." /></div>;
  return (
    <div className="page">
      <PageHeader title="New validation" description="Rules that send an agent run to a person. Start from a preset and adjust the JSON as needed." />
      <ValidationForm
        mode="create"
        onCreate={async (body) => {
          const validation = await create.mutateAsync(body);
          toast.success(`Created validation ${validation.name ?? validation.validationId}`);
          await navigate({ to: '/validations/$validationId', params: { validationId: validation.validationId } });
        }}
      />
    </div>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { toast } from '../../../components/toast';
import { useCreateModel } from '../../../api/models';
import { PageHeader } from '../../../components/page-header';
import { ForbiddenState } from '../../../components/states';
import { ModelForm } from '../../../features/models/model-form';

export const Route = createFileRoute('/_authenticated/models/new')({
  staticData: { crumb: 'New model' },
  component: NewModelRoute,
});

function NewModelRoute() {
  const create = useCreateModel();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  if (session.operator.role !== 'admin') return <div className="page"><ForbiddenState message="Viewers cannot create models." /></div>;
  return (
    <div className="page">
      <PageHeader title="New model" description="Name the fields to extract; everything else can stay at the service's defaults." />
      <ModelForm
        mode="create"
        onCreate={async (body) => {
          const model = await create.mutateAsync(body);
          toast.success(`Created model ${model.name ?? model.modelId}`);
          await navigate({ to: '/models/$modelId', params: { modelId: model.modelId } });
        }}
      />
    </div>
  );
}

import { useNavigate } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { useCapabilities } from '@/api/capabilities';
import { useCreateModel } from '@/api/models';
import { PageHeader } from '@/components/page-header';
import { ForbiddenState } from '@/components/states';
import { toast } from '@/components/toast';
import { ModelForm } from './model-form';

/** Create a model, then open it. */
export function NewModelScreen() {
  const create = useCreateModel();
  const navigate = useNavigate();
  if (!useCapabilities().write)
    return (
      <div className="page">
        <ForbiddenState message={t`Creating a model needs the admin role.`} />
      </div>
    );
  return (
    <div className="page">
      <PageHeader
        title={t`New model`}
        description={t`Name the fields to extract; everything else can stay at the service's defaults.`}
      />
      <ModelForm
        mode="create"
        onCreate={async (body) => {
          const model = await create.mutateAsync(body);
          const modelName = model.name ?? model.modelId;
          toast.success(t`Created model ${modelName}`);
          await navigate({ to: '/models/$modelId', params: { modelId: model.modelId } });
        }}
      />
    </div>
  );
}

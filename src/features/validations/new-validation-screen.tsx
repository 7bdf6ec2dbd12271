import { useNavigate } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { useCapabilities } from '@/api/capabilities';
import { useCreateValidation } from '@/api/validations';
import { PageHeader, Section } from '@/components/page-header';
import { ForbiddenState } from '@/components/states';
import { toast } from '@/components/toast';
import { ValidationForm } from './validation-form';

/** Create a validation, then open it. */
export function NewValidationScreen() {
  const create = useCreateValidation();
  const navigate = useNavigate();
  if (!useCapabilities().write)
    return (
      <div className="page">
        <ForbiddenState message={t`Creating a validation needs the admin role.`} />
      </div>
    );
  return (
    <div className="page">
      <PageHeader
        title={t`New validation`}
        description={t`Rules that send an agent run to a person. Start from a preset and adjust the JSON as needed.`}
      />
      <Section title={t`Settings`}>
        <ValidationForm
          mode="create"
          onCreate={async (body) => {
            const validation = await create.mutateAsync(body);
            const validationName = validation.name ?? validation.validationId;
            toast.success(t`Created validation ${validationName}`);
            await navigate({ to: '/validations/$validationId', params: { validationId: validation.validationId } });
          }}
        />
      </Section>
    </div>
  );
}

import { useNavigate } from '@tanstack/react-router';
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
        <ForbiddenState message="Creating a validation needs the admin role." />
      </div>
    );
  return (
    <div className="page">
      <PageHeader
        title="New validation"
        description="Rules that send an agent run to a person. Start from a preset and adjust the JSON as needed."
      />
      <Section title="Settings">
        <ValidationForm
          mode="create"
          onCreate={async (body) => {
            const validation = await create.mutateAsync(body);
            toast.success(`Created validation ${validation.name ?? validation.validationId}`);
            await navigate({ to: '/validations/$validationId', params: { validationId: validation.validationId } });
          }}
        />
      </Section>
    </div>
  );
}

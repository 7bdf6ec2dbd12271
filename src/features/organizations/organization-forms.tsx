import {
  createOrganizationBodySchema,
  MAX_RETENTION_DAYS,
  MIN_RETENTION_DAYS,
  updateOrganizationBodySchema,
  type CreateOrganizationBody,
  type Organization,
  type UpdateOrganizationBody,
} from '@/contract';
import {
  changedFields,
  CheckboxField,
  CreateForm,
  EditForm,
  MetadataField,
  NameDescriptionFields,
  NumberField,
  TextField,
  useZodForm,
} from '@/components/form';

const URL_HINT = 'Starts with https:// (or http://localhost).';

/** Name, URL and description, in the create and the edit form alike. */
function NameUrlDescriptionFields({ emptyAs }: { emptyAs: 'undefined' | 'null' }) {
  return (
    <NameDescriptionFields
      emptyAs={emptyAs}
      nameWide={false}
      afterName={<TextField name="url" label="URL" optional emptyAs="undefined" hint={URL_HINT} type="url" />}
    />
  );
}

/** The PATCH body of the organization form: only the changed fields; url, plan and payment method cannot be cleared. */
export function organizationChanges(original: Organization, values: UpdateOrganizationBody): UpdateOrganizationBody {
  return changedFields(original, values, (field) => {
    // These have no "clear" in the API: an emptied box would silently mean "leave as it was" — say so instead.
    throw new Error(`${field} cannot be removed, only changed. Put the previous value back or enter a new one.`);
  });
}

/** Edit the organization: name, description, url, retention, plan, payment method, metadata (the seed's PATCH). */
export function EditOrganizationForm({
  organization,
  onSubmit,
}: {
  organization: Organization;
  onSubmit: (body: UpdateOrganizationBody) => Promise<unknown>;
}) {
  const form = useZodForm(updateOrganizationBodySchema, {
    defaultValues: {
      name: organization.name ?? null,
      description: organization.description ?? null,
      url: organization.url ?? undefined,
      documentRetentionInDays: organization.documentRetentionInDays ?? undefined,
      planId: organization.planId ?? undefined,
      paymentMethodId: organization.paymentMethodId ?? undefined,
      metadata: organization.metadata ?? undefined,
    },
  });
  return (
    <EditForm
      form={form}
      label="Edit organization"
      original={organization}
      changes={(original, values) => organizationChanges(original as Organization, values)}
      onSubmit={onSubmit}
    >
      <NameUrlDescriptionFields emptyAs="null" />
      <NumberField
        name="documentRetentionInDays"
        label="Document retention (days)"
        min={MIN_RETENTION_DAYS}
        max={MAX_RETENTION_DAYS}
        hint={`Documents are deleted after this many days: ${MIN_RETENTION_DAYS} to ${MAX_RETENTION_DAYS}.`}
      />
      <TextField
        name="planId"
        label="Plan"
        optional
        emptyAs="undefined"
        mono
        hint="svc:plan:<name>, e.g. svc:plan:enterprise"
      />
      <TextField
        name="paymentMethodId"
        label="Payment method"
        optional
        emptyAs="undefined"
        mono
        hint="svc:payment-method:<32 lowercase hex>"
      />
      <MetadataField />
    </EditForm>
  );
}

/** A new organization: name, description, url, new scopes, metadata (the seed's POST /organizations). */
export function CreateOrganizationForm({ onSubmit }: { onSubmit: (body: CreateOrganizationBody) => Promise<unknown> }) {
  const form = useZodForm(createOrganizationBodySchema, {
    defaultValues: { name: undefined, description: undefined, url: undefined, useNewScopes: true, metadata: undefined },
  });
  return (
    <CreateForm form={form} label="Create organization" onSubmit={onSubmit}>
      <NameUrlDescriptionFields emptyAs="undefined" />
      <CheckboxField
        name="useNewScopes"
        label="Use new scopes"
        hint="Scopes per resource family (documents:read, users:write, …)."
        wide
      />
      <MetadataField />
    </CreateForm>
  );
}
